#!/usr/bin/env node
// The web server entry (`npm start`, `npm run dev`, the Docker image): Next through its
// custom-server API, one worker process per core, and the client's real socket address handed
// to the app in a header a client cannot forge.
//
//   node scripts/server.mjs [--dev]
//
// PORT (3000); HOST (127.0.0.1 in local mode, 0.0.0.0 in production); WEB_CONCURRENCY
// (workers, default: the core count; --dev always runs one process, no workers).
// SIGTERM/SIGINT: every worker stops accepting, finishes its requests, then everything exits.
// STOP_DRAIN_MS (0): before that, keep serving this long with /api/health answering 503, so a
// load balancer that polls it stops sending here before the port closes (docs/deployment.md).
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { disallowedMethod, loadApiRoutes, methodNotAllowedBody, withoutApiTrailingSlash } from "./lib/api-requests.mjs";
import { asGuest, cacheTopicOf, createPageCache, listenForChanges, serveFromCache } from "./lib/page-cache.mjs";

// The header and the per-boot secret; lib/server/security/client-address.ts reads both.
const SOCKET_HEADER = "x-socket-address";
const SECRET_ENV = "SOCKET_ADDRESS_SECRET";
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const ALLOWED = new Set(ALLOWED_METHODS);
// Answers this file gives itself (bad method, bad escape) never reach proxy.ts, so they carry a
// fixed strict set: nothing on them is meant to render, frame or run.
const STRICT_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};
const STOP_GRACE_MS = 10_000;
// The browser session cookie (lib/server/sessions/constants.ts): production and local names.
const SESSION_COOKIES = ["__Host-session", "session"];

const dev = process.argv.includes("--dev");
if (cluster.isPrimary && existsSync(".env")) process.loadEnvFile(".env");
const env = process.env;
// As `next start`/`next dev` do: an empty NODE_ENV counts as unset.
env.NODE_ENV ||= dev ? "development" : "production";
const port = Number(env.PORT || 3000);
const host = env.HOST || (env.APP_MODE === "production" ? "0.0.0.0" : "127.0.0.1");
const say = (msg) => console.log(`[server] ${msg}`);

/** Milliseconds a stopping worker keeps serving (health 503) before it closes its port. */
function stopDrainMs() {
  const raw = env.STOP_DRAIN_MS?.trim();
  const ms = raw ? Number(raw) : 0;
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) {
    console.error(`[server] STOP_DRAIN_MS must be a whole number of milliseconds from 0 to 60000, not "${raw}".`);
    process.exit(1);
  }
  return ms;
}
const drainMs = stopDrainMs();

function workerCount() {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return os.availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`[server] WEB_CONCURRENCY must be a whole number of workers, 1 or more, not "${raw}".`);
    process.exit(1);
  }
  return n;
}

/** The text of a refusal with the strict headers, as a raw HTTP/1.1 response (for sockets). */
function rawRefusal(status, reason, text, extra = {}) {
  const headers = { ...STRICT_HEADERS, ...extra, "Content-Length": Buffer.byteLength(text), Connection: "close" };
  return `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n${text}`;
}

function refuse(res, status, text, extra = {}) {
  res.writeHead(status, { ...STRICT_HEADERS, ...extra, "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function malformedPath(url) {
  try {
    decodeURIComponent((url ?? "/").split("?", 1)[0]);
    return false;
  } catch {
    return true;
  }
}

/** Drops every inbound copy of the socket header, then stamps the real peer address. */
function stampSocketAddress(req, secret) {
  delete req.headers[SOCKET_HEADER];
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === SOCKET_HEADER) req.rawHeaders.splice(i, 2);
  }
  req.headers[SOCKET_HEADER] = `${secret} ${req.socket.remoteAddress ?? ""}`;
}

/** The guest page cache (scripts/lib/page-cache.mjs); PAGE_CACHE_TTL_MS=0 turns it off. */
function pageCache() {
  const raw = env.PAGE_CACHE_TTL_MS?.trim();
  const ttlMs = raw ? Number(raw) : 3000;
  if (!Number.isInteger(ttlMs) || ttlMs < 0 || ttlMs > 60_000) {
    throw new Error(`PAGE_CACHE_TTL_MS must be a whole number of milliseconds from 0 to 60000, not "${raw}".`);
  }
  if (ttlMs === 0 || dev || !env.DATABASE_URL) return null;
  const cache = createPageCache({ ttlMs });
  return { cache, listener: listenForChanges(cache, env.DATABASE_URL, say) };
}

async function serveNext() {
  const secret = env[SECRET_ENV];
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), hostname: host, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const apiRoutes = loadApiRoutes();
  const pages = pageCache();

  let stopping = false;
  const server = http.createServer((req, res) => {
    if (stopping) {
      // Draining: the load balancer's health check learns it, and no connection stays open for more.
      res.setHeader("Connection", "close");
      if (req.url?.split("?", 1)[0] === "/api/health") return refuse(res, 503, '{"status":"stopping"}\n', { "Content-Type": "application/json" });
    }
    if (!ALLOWED.has(req.method)) return refuse(res, 405, "Method not allowed.\n", { Allow: ALLOWED_METHODS.join(", ") });
    if (malformedPath(req.url)) return refuse(res, 400, "Bad request: the path has a malformed % escape.\n");
    if (req.url?.startsWith("/api/")) {
      req.url = withoutApiTrailingSlash(req.url);
      const allow = disallowedMethod(apiRoutes, req.method, req.url.split("?", 1)[0]);
      // The body is not read: close the connection, so its bytes are never taken for the next request.
      if (allow) return refuse(res, 405, methodNotAllowedBody(allow), { Allow: allow.join(", "), "Content-Type": "application/json", Connection: "close" });
    }
    if (pages) {
      const topic = cacheTopicOf(req, SESSION_COOKIES);
      if (topic) {
        asGuest(req, SESSION_COOKIES);
        return serveFromCache(pages.cache, req, res, topic, () => toNext(req, res));
      }
    }
    toNext(req, res);
  });
  function toNext(req, res) {
    stampSocketAddress(req, secret);
    handle(req, res).catch((e) => {
      console.error("[server] request failed", e);
      if (!res.headersSent) refuse(res, 500, "Something went wrong on the server.\n");
      else res.destroy();
    });
  }
  // CONNECT never reaches the request handler; methods Node's parser does not know (TRACK…)
  // arrive as parse errors.
  server.on("connect", (_req, socket) => {
    socket.end(rawRefusal(405, "Method Not Allowed", "Method not allowed.\n", { Allow: ALLOWED_METHODS.join(", ") }));
  });
  server.on("clientError", (err, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const [status, reason, text] =
      err.code === "HPE_INVALID_METHOD"
        ? [405, "Method Not Allowed", "Method not allowed.\n"]
        : err.code === "HPE_HEADER_OVERFLOW"
          ? [431, "Request Header Fields Too Large", "Request headers too large.\n"]
          : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
            ? [408, "Request Timeout", "Request timeout.\n"]
            : [400, "Bad Request", "Bad request.\n"];
    socket.end(rawRefusal(status, reason, text, status === 405 ? { Allow: ALLOWED_METHODS.join(", ") } : {}));
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      // close() lets requests in flight finish; idle keep-alive connections go at once.
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => {
        server.closeAllConnections();
        process.exit(0);
      }, STOP_GRACE_MS).unref();
    }, drainMs);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("message", (m) => m === "stop" && stop());

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
}

function runPrimary(count) {
  // A fresh secret each boot, inherited by every worker: a header carrying it can only come
  // from this process tree, and a plain `next start` (no secret) trusts no such header.
  env[SECRET_ENV] = randomBytes(32).toString("base64url");
  const live = new Set();
  const ready = new Set();
  let stopping = false;
  let exitCode = 0;
  let announced = false;

  const fork = () => {
    const w = cluster.fork();
    live.add(w);
    w.once("listening", () => {
      ready.add(w);
      if (!announced && ready.size === count) {
        announced = true;
        say(`listening on http://${host}:${port} with ${count} worker${count === 1 ? "" : "s"}`);
      }
    });
  };

  const stopAll = (code) => {
    exitCode ||= code;
    if (stopping) return;
    stopping = true;
    for (const w of live) if (w.isConnected()) w.send("stop");
    if (live.size === 0) process.exit(exitCode);
    setTimeout(
      () => {
        for (const w of live) w.process.kill("SIGKILL");
        process.exit(exitCode);
      },
      drainMs + STOP_GRACE_MS + 2_000,
    ).unref();
  };

  cluster.on("exit", (w, code, signal) => {
    live.delete(w);
    const served = ready.delete(w);
    if (stopping) {
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!served) {
      // A worker that never listened will not do better on a second try (bad build, port taken).
      console.error(`[server] a worker failed to start (${signal ?? `exit ${code}`}); stopping.`);
      stopAll(1);
      return;
    }
    console.error(`[server] worker ${w.process.pid} died (${signal ?? `exit ${code}`}); starting another.`);
    fork();
  });

  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stopAll(0));
  for (let i = 0; i < count; i++) fork();
}

if (cluster.isPrimary && !dev) {
  runPrimary(workerCount());
} else {
  // Dev (one process) or a worker. The dev server gets its secret here, before Next loads.
  if (cluster.isPrimary) env[SECRET_ENV] = randomBytes(32).toString("base64url");
  serveNext()
    .then(() => cluster.isPrimary && say(`listening on http://${host}:${port} (dev server)`))
    .catch((e) => {
      console.error(`[server] could not start: ${e?.stack ?? e}`);
      process.exit(1);
    });
}
