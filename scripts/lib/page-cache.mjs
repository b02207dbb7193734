// The guest page cache of the server entry (docs/performance.md, "The guest page cache").
//
// The public pages players load most (the forum index, a forum, a thread, the news archive and
// articles, the hiscores ladders and player pages) are rendered per request: the forum and news
// pages carry a fresh CSP nonce, the hiscores pages read the database. Every guest sees the same
// page at a given moment, so the entry keeps each rendered answer for a few seconds and serves
// it again without running React:
//
// - for guests and signed-in players alike (the pages are the same for both; what is personal is
//   added in the browser), rendered as for a guest; staff (by the hint cookie), a request with an
//   Authorization header, or one with Next's client-navigation headers (RSC, router state, server
//   action) always goes to Next;
// - only whole 200 answers without Set-Cookie are kept, at most PAGE_CACHE_ENTRIES of them;
// - the nonce is renewed on every answer: the stored page is kept split at each occurrence of
//   the nonce it was rendered with (in the CSP header and the HTML), and a fresh one is put back
//   in, so no two answers share a nonce (as if each had been rendered);
// - an entry lives PAGE_CACHE_TTL_MS (default 3 s) at most, and is dropped as soon as a write
//   announces a topic the page depends on. The cache does not guess what a request changed: the
//   use case that makes a change announces it in its own transaction (lib/server/changes/announce.ts),
//   PostgreSQL passes it on at commit to every process and instance (LISTEN site_changes), and
//   this file only stores and listens. Writes from background jobs and the admin CLI announce
//   the same way as those made through the API.
import { randomBytes, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";

// The game and XP modes of the hiscores URLs (lib/schemas/game.ts; tests/unit/page-cache.test.ts
// checks the copies agree). Anything else in `?mode=`/`?xp=` reads as regular, as the pages do.
const GAME_MODES = ["regular", "ironman", "ultimate_ironman", "hardcore_ironman", "group_ironman"];
const XP_MODES = ["regular", "10x", "15x", "25x"];
const lenient = (value, allowed) => (value !== null && allowed.includes(value) ? value : "regular");

/** lib/usernames.ts usernameKey: case and separators ignored. */
const usernameKey = (name) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");

/**
 * The topic a cacheable page depends on (the vocabulary of lib/server/changes/announce.ts), or
 * null for a page the cache does not keep.
 */
export function topicOfPage(path, search = "") {
  // The forum reads of the JSON API: the same answer for every guest and player, as the pages.
  if (path === "/forums" || path === "/api/v1/forums") return "forums:index";
  // The community goal bars and the supporter widgets read these (announced by every settle that
  // changes a goal's total or a payment shown, by staff goal changes and by a player's opt-out).
  if (path === "/api/v1/store/goals") return "store:goals";
  if (path === "/api/v1/store/supporters") return "store:supporters";
  // The vote goal bars (announced by every counted vote while a goal counts, and by staff changes).
  if (path === "/api/v1/vote/goal") return "votes:goal";
  let api = /^\/api\/v1\/forums\/threads\/(\d+)$/.exec(path);
  if (api) return `forums:forum:${Number(api[1])}`;
  api = /^\/api\/v1\/forums\/thread\/(\d+)$/.exec(path);
  if (api) return `forums:thread:${Number(api[1])}`;
  let m = /^\/forums\/(\d+)$/.exec(path);
  if (m) return `forums:forum:${Number(m[1])}`;
  m = /^\/forums\/thread\/(\d+)$/.exec(path);
  if (m) return `forums:thread:${Number(m[1])}`;
  // /news/create is a staff page (a guest gets 404, never kept; excluded all the same).
  if (/^\/news(?:\/(?!create$)[^/]+)?$/.test(path)) return "news";
  // Top gainers and records (rebuilt by the refresh-gains job, which announces them).
  if (/^(?:\/api\/v1)?\/hiscores\/(?:gains|records)$/.test(path)) return "hiscores:gains";
  // The player's page and its JSON (the same ranks), their progress tabs and JSON (announced by
  // each push: within the cache's few seconds a window's hours do not move), then the ladder
  // pages and the ladder JSON.
  m =
    /^\/hiscores\/player\/([^/]+)(?:\/(?:gains|achievements|log|records))?$/.exec(path) ??
    /^\/api\/v1\/hiscores\/player\/([^/]+)(?:\/(?:gains(?:\/[a-z_]+)?|achievements|log|records))?$/.exec(path);
  if (m) {
    try {
      return `hiscores:player:${usernameKey(decodeURIComponent(m[1]))}`;
    } catch {
      return null;
    }
  }
  if (/^\/hiscores(?:\/[^/]+)?$/.test(path) || path === "/api/v1/hiscores") {
    const q = new URLSearchParams(search);
    return `hiscores:ladder:${lenient(q.get("mode"), GAME_MODES)}:${lenient(q.get("xp"), XP_MODES)}`;
  }
  return null;
}

/** Does announcing `announced` change a page that depends on `key`? (It, or anything under it.) */
export const affects = (announced, key) => key === announced || key.startsWith(`${announced}:`);

const CHANNEL = "site_changes";
// lib/session-hint.ts SESSION_HINT_COOKIE.
const HINT_COOKIE = "signed_in";
const NAVIGATION_HEADERS = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-action",
  "next-url",
  "authorization",
];
// Set per answer by Node or meaningless for a copy.
const DROPPED_HEADERS = new Set([
  "date",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "content-encoding",
  "x-page-cache",
  "x-request-id",
]);
// lib/server/http/route.ts requestIdFrom: a client's own request id is echoed when short and plain.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const NONCE_RE = /'nonce-([A-Za-z0-9_-]+)'/;

const cookieName = (c) => c.trim().split("=", 1)[0];

/**
 * The topic of a cacheable page request, or null. A signed-in reader's request is taken too
 * unless its hint cookie (lib/session-hint.ts) says staff: these pages are the same for every
 * player and guest, and what is personal on them (the reply form, Edit and Report) is added in
 * the browser. Staff see hidden posts, forums and controls: their pages are rendered per request.
 */
export function cacheTopicOf(req, sessionCookieNames) {
  if (req.method !== "GET") return null;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const topic = topicOfPage(q === -1 ? url : url.slice(0, q), q === -1 ? "" : url.slice(q + 1));
  if (!topic) return null;
  for (const h of NAVIGATION_HEADERS) if (req.headers[h] !== undefined) return null;
  const cookies = (req.headers.cookie ?? "").split(";");
  if (cookies.some((c) => sessionCookieNames.includes(cookieName(c))) && cookies.some((c) => c.trim() === `${HINT_COOKIE}=staff`)) return null;
  return topic;
}

/**
 * Takes the session cookies off a request the cache answers, so that Next renders it as it
 * would for a guest: a page kept and served to everyone can never be one rendered for somebody
 * (a staff member whose hint is stale, say).
 */
export function asGuest(req, sessionCookieNames) {
  const cookie = req.headers.cookie;
  if (!cookie) return;
  const kept = cookie.split(";").filter((c) => !sessionCookieNames.includes(cookieName(c)));
  if (kept.length === cookie.split(";").length) return;
  if (kept.length) req.headers.cookie = kept.join(";");
  else delete req.headers.cookie;
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
    if (req.rawHeaders[i].toLowerCase() === "cookie") {
      if (kept.length) req.rawHeaders[i + 1] = kept.join(";");
      else req.rawHeaders.splice(i, 2);
    }
  }
}

/** A fresh CSP nonce: 128 random bits, base64url (no character that HTML or JSON escapes). */
export function newNonce() {
  return randomBytes(16).toString("base64url");
}

/**
 * @param {{ ttlMs?: number, maxEntries?: number, maxBytes?: number, now?: () => number }} [opts]
 */
export function createPageCache(opts = {}) {
  const ttlMs = opts.ttlMs ?? 3000;
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  /** url → { topic, expires, status, headers: [name, value | string[]][], cspParts, bodyParts } */
  const entries = new Map();
  // Every clear is numbered and remembered for a while: a render that started before a clear of
  // its topic is not stored after it (it may show the state from before the write). A render
  // older than the clears remembered is not stored either.
  let clears = 0;
  /** [number, topics][] of the latest clears, oldest first. */
  const recentClears = [];
  const REMEMBERED_CLEARS = 1000;
  const stats = { hits: 0, misses: 0, waited: 0, stored: 0, cleared: 0 };
  /** url → the callbacks of requests waiting for the render in flight. */
  const inFlight = new Map();

  /** The waiters of the render of `url` in flight (push to wait), or undefined when none is. */
  const rendering = (url) => inFlight.get(url);
  const startRender = (url) => inFlight.set(url, []);
  /** The render of `url` is over (kept or not): its waiters are served, or go on to render. */
  function endRender(url) {
    const waiters = inFlight.get(url);
    inFlight.delete(url);
    for (const w of waiters ?? []) w();
  }

  function lookup(url) {
    const e = entries.get(url);
    if (!e) return null;
    if (e.expires <= now()) {
      entries.delete(url);
      return null;
    }
    return e;
  }

  /** Stores a rendered answer; its nonce (if any) is read from its CSP header. */
  function clearedSince(generation, topic) {
    if (generation === clears) return false;
    if (recentClears.length === 0 || recentClears[0][0] > generation + 1) return true;
    return recentClears.some(([n, topics]) => n > generation && topics.some((t) => t === "" || affects(t, topic)));
  }

  function store(url, topic, generation, status, headers, body) {
    if (!state.listening || status !== 200 || body.length > maxBytes || clearedSince(generation, topic)) return false;
    if (headers["set-cookie"] !== undefined) return false;
    const csp = headers["content-security-policy"];
    const nonce = typeof csp === "string" ? NONCE_RE.exec(csp)?.[1] : undefined;
    const html = body.toString("utf8");
    const kept = Object.entries(headers).filter(([k]) => !DROPPED_HEADERS.has(k) && k !== "content-security-policy");
    if (entries.size >= maxEntries && !entries.has(url)) entries.delete(entries.keys().next().value);
    entries.set(url, {
      topic,
      expires: now() + ttlMs,
      status,
      headers: kept,
      // An API answer carries a request id of its own on every answer, as the route gives it.
      requestId: headers["x-request-id"] !== undefined,
      cspParts: typeof csp === "string" ? (nonce ? csp.split(nonce) : [csp]) : null,
      bodyParts: nonce ? html.split(nonce) : [html],
    });
    stats.stored++;
    return true;
  }

  /** The answer for a hit: headers and body with a fresh nonce in both (and an API answer's request id). */
  function render(e, acceptsGzip, sentRequestId) {
    const nonce = newNonce();
    let body = Buffer.from(e.bodyParts.join(nonce), "utf8");
    /** @type {Record<string, string | string[] | number | undefined>} */
    const headers = {};
    for (const [k, v] of e.headers) headers[k] = v;
    if (e.cspParts) headers["content-security-policy"] = e.cspParts.join(nonce);
    if (acceptsGzip && body.length > 1024) {
      body = gzipSync(body, { level: 4 });
      headers["content-encoding"] = "gzip";
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    }
    headers["content-length"] = String(body.length);
    headers["x-page-cache"] = "hit";
    if (e.requestId) headers["x-request-id"] = typeof sentRequestId === "string" && SAFE_REQUEST_ID.test(sentRequestId) ? sentRequestId : randomUUID();
    return { status: e.status, headers, body, nonce };
  }

  /** Drops every page that depends on one of `topics` (or, with no argument, every page). */
  function clear(topics = [""]) {
    const all = topics.includes("");
    clears++;
    recentClears.push([clears, all ? [""] : topics]);
    if (recentClears.length > REMEMBERED_CLEARS) recentClears.shift();
    for (const [url, e] of entries) if (all || topics.some((t) => affects(t, e.topic))) entries.delete(url);
    stats.cleared++;
  }

  // Off while nobody tells this cache about changes (the listener is down): nothing is kept.
  const state = { listening: true };

  return { lookup, store, render, clear, rendering, startRender, endRender, stats, state, generation: () => clears, size: () => entries.size };
}

const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

/**
 * Serves a hit, or has Next render the page once and keeps the answer: `passOn()` hands the
 * request to Next. While a page is being rendered, other requests for it wait for that render
 * and are served from it (one render per page per process, however many arrive at expiry); when
 * the render is not kept (an error page, a cookie, a write announced meanwhile), each waiter
 * tries again once, and then goes to Next itself.
 * On a miss the request loses its Accept-Encoding (Next's compression would hand us gzip bytes);
 * the miss is sent uncompressed, every hit is compressed here.
 */
export function serveFromCache(cache, req, res, topic, passOn, tries = 0) {
  const url = req.url ?? "/";
  const hit = cache.lookup(url);
  if (hit) {
    const out = cache.render(hit, acceptsGzip(req), req.headers["x-request-id"]);
    cache.stats.hits++;
    res.writeHead(out.status, out.headers);
    res.end(out.body);
    return;
  }
  const waiters = cache.rendering(url);
  if (waiters && tries < 2) {
    cache.stats.waited++;
    waiters.push(() => {
      if (!res.destroyed) serveFromCache(cache, req, res, topic, passOn, tries + 1);
    });
    return;
  }
  cache.stats.misses++;
  const leader = !waiters;
  if (leader) cache.startRender(url);
  const generation = cache.generation();
  delete req.headers["accept-encoding"];
  const chunks = [];
  const headLines = {};
  const { write, end, writeHead } = res;
  const toBuffer = (chunk, encoding) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk);
  // Headers handed to writeHead directly may bypass getHeaders(); note them too.
  res.writeHead = function (status, reason, obj) {
    const given = typeof reason === "object" && reason !== null ? reason : obj;
    if (given && !Array.isArray(given)) for (const [k, v] of Object.entries(given)) headLines[k.toLowerCase()] = v;
    return writeHead.apply(this, arguments);
  };
  res.write = function (chunk, encoding, cb) {
    if (chunk != null && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    return write.call(this, chunk, encoding, cb);
  };
  res.end = function (chunk, encoding, cb) {
    if (chunk != null && typeof chunk !== "function" && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    return end.call(this, chunk, encoding, cb);
  };
  res.once("finish", () => cache.store(url, topic, generation, res.statusCode, { ...res.getHeaders(), ...headLines }, Buffer.concat(chunks)));
  // "close" comes after "finish", or alone when the client went away mid-render: either way the waiters go on.
  if (leader) res.once("close", () => cache.endRender(url));
  res.setHeader("x-page-cache", "miss");
  passOn();
}

/**
 * Listens for announced changes (LISTEN site_changes) and clears the pages they touch. Every
 * process and instance listens; the writer's own process hears its announcement the same way.
 * Best effort: while the connection is down the time limit still bounds how stale a page gets,
 * and a reconnect clears everything (announcements may have been missed).
 */
export function listenForChanges(cache, databaseUrl, log = () => {}) {
  let client = null;
  let closed = false;
  let retryMs = 500;
  cache.state.listening = false;
  const connect = async () => {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: databaseUrl, application_name: "page-cache" });
    c.on("notification", (n) => {
      if (n.channel !== CHANNEL) return;
      const topics = String(n.payload ?? "")
        .split(",")
        .filter((t) => t.length > 0);
      if (topics.length > 0) cache.clear(topics);
    });
    c.on("error", () => {});
    c.on("end", () => {
      cache.state.listening = false;
      if (client === c) client = null;
      if (!closed) setTimeout(() => void connect().catch(retry), retryMs).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    retryMs = 500;
    cache.clear();
    cache.state.listening = true;
  };
  const retry = (e) => {
    log(`page cache: cannot listen for changes (${e?.message ?? e}); retrying`);
    retryMs = Math.min(retryMs * 2, 30_000);
    if (!closed) setTimeout(() => void connect().catch(retry), retryMs).unref();
  };
  const ready = connect().then(
    () => true,
    (e) => {
      retry(e);
      return false;
    },
  );
  return {
    /** Settles once the first LISTEN is in place (true) or has failed (false; retrying). */
    ready,
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
