// Smoke tests of `npm start` itself (scripts/start.mjs), run by `npm test` after the build:
// a real embedded PostgreSQL, migrations, seed, the server entry (scripts/server.mjs) with its
// workers, client addresses and refusals, and a clean Ctrl-C.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import {
  assertPostgresUserCanReach,
  embeddedMajor,
  foldersPostgresCannotEnter,
  freePort,
  setAsideDataOfOtherMajor,
  startEmbeddedPostgres,
} from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase } from "../setup/test-db.mjs";
import { portOpen } from "./support/http.mjs";

const temps = [];
const sites = [];
// Whatever happens in a test, no web server or PostgreSQL outlives the run.
after(() => {
  for (const site of sites) {
    try {
      process.kill(-site.child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
/** A temp data dir PostgreSQL's own user can enter (mkdtemp makes it root-only). */
function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gs-smoke-"));
  chmodSync(dir, 0o755);
  temps.push(dir);
  return dir;
}
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function startSite(extraEnv) {
  const env = { ...process.env, LOG_LEVEL: "warn", ...extraEnv };
  for (const k of ["DATABASE_URL", "APP_MODE", "SITE_URL", "AUTH_SECRET", "TOTP_ENCRYPTION_KEY"]) if (!(k in extraEnv)) delete env[k];
  // Its own process group, so cleanup can reach the servers it starts.
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const site = { child, exited, output: () => output };
  sites.push(site);
  return site;
}

async function waitForPage(url, text, site, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    const early = await Promise.race([site.exited, new Promise((r) => setTimeout(() => r(null), 500))]);
    if (early) throw new Error(`start exited early (${JSON.stringify(early)}):\n${site.output()}`);
    try {
      const res = await fetch(url);
      const body = await res.text();
      if (res.status === 200 && body.includes(text)) return;
      lastError = `HTTP ${res.status}`;
    } catch (e) {
      lastError = e.message;
    }
  }
  throw new Error(`${url} did not serve "${text}" in time (${lastError}):\n${site.output()}`);
}

/** A folder shaped like a data folder left by PostgreSQL 18 (an older checkout's embedded server). */
function oldMajorCluster(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "PG_VERSION"), "18\n");
  writeFileSync(path.join(dir, "left-by-18"), "the old data");
}

test("a fresh start with no DATABASE_URL serves / on an embedded PostgreSQL and Ctrl-C stops it cleanly", { timeout: 300_000 }, async () => {
  const dataDir = tempDataDir();
  // What an earlier checkout with another embedded major left: set aside with a warning, not a crash.
  oldMajorCluster(path.join(dataDir, "postgres"));
  const [port, pgPort] = [await freePort(), await freePort()];
  const started = Date.now();
  const site = startSite({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(pgPort) });
  await waitForPage(`http://127.0.0.1:${port}/`, "What are you waiting for?", site, 280_000);
  console.log(`# served / after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.match(site.output(), /starting embedded PostgreSQL/);
  assert.match(site.output(), /demo data created/);
  const [aside, ...more] = readdirSync(dataDir).filter((f) => f.startsWith("postgres-18-"));
  assert.deepEqual(more, []);
  assert.equal(readFileSync(path.join(dataDir, aside, "left-by-18"), "utf8"), "the old data");
  assert.match(
    site.output(),
    new RegExp(`WARNING: .*postgres was made by PostgreSQL 18; the embedded server is now\\n.*PostgreSQL ${embeddedMajor()}, which cannot open it`),
  );
  assert.ok(site.output().includes(path.resolve(dataDir, aside)), "the warning names where the old folder went");
  assert.equal(readFileSync(path.join(dataDir, "postgres", "PG_VERSION"), "utf8").trim(), String(embeddedMajor()));
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  assert.equal(health.status, 200);
  assert.equal(await portOpen(pgPort), true);

  site.child.kill("SIGINT");
  const { code } = await site.exited;
  assert.equal(code, 0);
  assert.match(site.output(), /stopping PostgreSQL/);
  assert.equal(await portOpen(pgPort), false, "PostgreSQL still listening after Ctrl-C");
  assert.equal(await portOpen(port), false, "web server still listening after Ctrl-C");
});

test("with DATABASE_URL set it uses that server and starts no embedded PostgreSQL", { timeout: 180_000 }, async () => {
  const db = await createTestDatabase(process.env.SMOKE_ADMIN_DATABASE_URL, { prefix: "smoke", migrate: false });
  try {
    const dataDir = tempDataDir();
    const port = await freePort();
    const site = startSite({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: db.url });
    await waitForPage(`http://127.0.0.1:${port}/rules`, "Rules", site, 170_000);
    assert.doesNotMatch(site.output(), /embedded PostgreSQL/);
    assert.match(site.output(), /applied migrations/);
    // A service manager stops with SIGTERM to the main process only: nothing may be left behind.
    site.child.kill("SIGTERM");
    assert.equal((await site.exited).code, 0);
    assert.equal(await portOpen(port), false, "web server still listening after SIGTERM");
  } finally {
    await db.drop();
  }
});

test("production mode refuses to start without DATABASE_URL, and names a bad variable", { timeout: 60_000 }, async () => {
  const noDb = startSite({ APP_MODE: "production", PORT: String(await freePort()) });
  assert.equal((await noDb.exited).code, 1);
  assert.match(noDb.output(), /APP_MODE=production needs DATABASE_URL/);

  const db = await createTestDatabase(process.env.SMOKE_ADMIN_DATABASE_URL, { prefix: "smoke", migrate: false });
  try {
    const bad = startSite({
      APP_MODE: "production",
      DATABASE_URL: db.url,
      SITE_URL: "https://play.example",
      AUTH_SECRET: "short",
      PORT: String(await freePort()),
    });
    assert.equal((await bad.exited).code, 1);
    assert.match(bad.output(), /AUTH_SECRET: must be at least 32 characters/);
    assert.match(bad.output(), /TOTP_ENCRYPTION_KEY: is required in production/);
    assert.match(bad.output(), /SMTP_URL: is required in production/);
  } finally {
    await db.drop();
  }
});

// ── The server entry (scripts/server.mjs) on a real build ───────────────────────────────────

/** One HTTP request from a chosen source address (each 127.x.y.z is its own client on Linux). */
function request(url, { localAddress, method = "GET", headers = {}, body } = {}) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    // An explicit Content-Length: Node's client sends a DELETE body without one, which a server
    // must read as the start of the next request.
    const framing = payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {};
    const req = http.request(url, { method, localAddress, headers: { ...headers, ...framing } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Sends raw bytes (methods and paths a well-behaved client would not send) and parses the answer. */
function rawRequest(port, text) {
  return new Promise((resolve, reject) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    let out = "";
    s.setEncoding("utf8");
    s.on("data", (d) => (out += d));
    s.on("end", () => {
      const [head] = out.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
    s.on("error", reject);
    s.write(text);
  });
}

/** An address of this machine that is not loopback (the container's own network interface). */
function outsideAddress() {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  assert.ok(found, "this test needs a non-loopback network interface to play a client from elsewhere");
  return found.address;
}

/** Pids whose parent is `pid` (Linux /proc). */
function childPids(pid) {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return (
          readFileSync(`/proc/${d}/stat`, "utf8")
            .replace(/^.*\) /, "")
            .split(" ")[1] === String(pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("the server entry", { timeout: 240_000 }, () => {
  let db;
  let site;
  let port;
  let base;
  before(async () => {
    db = await createTestDatabase(process.env.SMOKE_ADMIN_DATABASE_URL, { prefix: "smoke", migrate: false });
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // 0.0.0.0: reachable from loopback clients and from this machine's own network address.
    site = startSite({ DATA_DIR: tempDataDir(), PORT: String(port), HOST: "0.0.0.0", DATABASE_URL: db.url, SITE_URL: base, WEB_CONCURRENCY: "2" });
    await waitForPage(`${base}/rules`, "Rules", site, 170_000);
  });
  after(async () => {
    if (site?.child.exitCode === null) {
      site.child.kill("SIGTERM");
      await site.exited;
    }
    await db?.drop();
  });

  test("two clients on different addresses have separate login buckets; forged headers change nothing", async () => {
    const same = { origin: base, "sec-fetch-site": "same-origin" };
    const attempt = (localAddress, extra = {}, n = 0) =>
      request(`${base}/api/v1/login`, {
        localAddress,
        method: "POST",
        headers: { ...same, ...extra },
        body: { username: `ghost${n}`, password: "Wrong!pass1" },
      });

    const first = await attempt("127.0.0.2");
    assert.equal(first.status, 400, first.text);
    let limited = null;
    for (let n = 1; n <= 60 && !limited; n++) {
      const r = await attempt("127.0.0.2", {}, n);
      if (r.status === 429) limited = r;
      else assert.equal(r.status, 400, r.text);
    }
    assert.ok(limited, "127.0.0.2 was never rate limited");

    // Claiming another address does not reach a fresh bucket: neither X-Forwarded-For (no
    // TRUST_PROXY) nor a copy of the entry's own internal header.
    const forged = await attempt("127.0.0.2", { "x-forwarded-for": "127.0.0.9", "x-real-ip": "127.0.0.9", "x-socket-address": "guess 127.0.0.9" }, 99);
    assert.equal(forged.status, 429);

    // Another client is untouched: a wrong password is an ordinary 400, the right one logs in.
    assert.equal((await attempt("127.0.0.3", {}, 100)).status, 400);
    const ok = await request(`${base}/api/v1/login`, {
      localAddress: "127.0.0.3",
      method: "POST",
      headers: same,
      body: { username: "Player", password: "Ember!Player1" },
    });
    assert.equal(ok.status, 200, ok.text);
    assert.match(String(ok.headers["set-cookie"]), /session=/);
  });

  test("TRACE, TRACK, CONNECT and a malformed % escape are refused with the security headers", async () => {
    const checks = [
      ["TRACE / HTTP/1.1", 405],
      ["TRACK / HTTP/1.1", 405],
      [`CONNECT 127.0.0.1:${port} HTTP/1.1`, 405],
      ["PROPFIND / HTTP/1.1", 405],
      ["GET /%E0%A4%A HTTP/1.1", 400],
      ["GET /rules/%zz?x=1 HTTP/1.1", 400],
    ];
    for (const [line, status] of checks) {
      const r = await rawRequest(port, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      assert.equal(r.status, status, line);
      assert.equal(r.headers["x-content-type-options"], "nosniff", line);
      assert.equal(r.headers["x-frame-options"], "DENY", line);
      assert.match(r.headers["content-security-policy"] ?? "", /default-src 'none'/, line);
      if (status === 405) assert.match(r.headers.allow ?? "", /GET/, line);
    }
    // A well-formed escape still reaches the site (its 404 page), so only bad ones are refused.
    assert.equal((await request(`${base}/%E0%A4%A4`)).status, 404);
  });

  test("an API path answers a method it lacks with 405, Allow and JSON, and its trailing-slash spelling directly", async () => {
    for (const [method, path, allow] of [
      ["PUT", "/api/v1/tickets", "GET, HEAD, OPTIONS, POST"],
      ["DELETE", "/api/v1/forums", "GET, HEAD, OPTIONS"],
      ["PUT", "/api/v1/tickets/7", "GET, HEAD, OPTIONS, PATCH"],
      ["PUT", "/api/v1/news/", "GET, HEAD, OPTIONS, POST"],
    ]) {
      const r = await request(`${base}${path}`, { method, headers: { "content-type": "application/json" }, body: {} });
      assert.equal(r.status, 405, `${method} ${path}`);
      assert.equal(r.headers.allow, allow, `${method} ${path}`);
      assert.match(r.headers["content-type"] ?? "", /application\/json/);
      assert.match(JSON.parse(r.text).details, /Method not allowed here/);
    }
    // The spellings of docs/product.md §7 with a trailing slash are answered, not redirected (308), queries kept.
    for (const path of ["/api/v1/forums/", "/api/v1/forums/categories/", "/api/v1/hiscores/?page=1", "/api/v1/news/?year=2026", "/api/v1/store/category/"]) {
      const r = await request(`${base}${path}`);
      assert.equal(r.status, 200, `${path}: ${r.status} ${r.headers.location ?? ""}`);
      assert.ok(Array.isArray(JSON.parse(r.text)) || typeof JSON.parse(r.text) === "object", path);
    }
    // Pages keep their canonical address.
    const page = await request(`${base}/rules/`);
    assert.equal(page.status, 308);
    assert.equal(page.headers.location, "/rules");
  });

  test("the outbox is shown to a loopback client or staff, and is a 404 for anyone else", async () => {
    const local = await request(`${base}/dev/outbox`, { localAddress: "127.0.0.2" });
    assert.equal(local.status, 200);
    assert.match(local.text, /Outbox/);

    const outside = outsideAddress();
    const url = `http://${outside}:${port}/dev/outbox`;
    const remote = await request(url, { localAddress: outside });
    assert.equal(remote.status, 404);
    assert.doesNotMatch(remote.text, /no mail server is configured/);
    const forged = await request(url, { localAddress: outside, headers: { "x-forwarded-for": "127.0.0.1", "x-socket-address": "guess 127.0.0.1" } });
    assert.equal(forged.status, 404);

    // Staff see it from anywhere; a signed-in player from outside does not.
    const signIn = async (username, password) => {
      const r = await request(`http://${outside}:${port}/api/v1/login`, {
        localAddress: outside,
        method: "POST",
        headers: { origin: base, "sec-fetch-site": "same-origin" },
        body: { username, password },
      });
      assert.equal(r.status, 200, r.text);
      return { cookie: /session=[^;]+/.exec(String(r.headers["set-cookie"]))[0] };
    };
    assert.equal((await request(url, { localAddress: outside, headers: await signIn("Player", "Ember!Player1") })).status, 404);
    const staff = await request(url, { localAddress: outside, headers: await signIn("Admin", "Ember!Admin1") });
    assert.equal(staff.status, 200);
    assert.match(staff.text, /no mail server is configured/);
  });

  test("runs two workers and replaces one that crashes", async () => {
    const [server] = childPids(site.child.pid);
    assert.ok(server, "no server process under npm start");
    const workers = childPids(server);
    assert.equal(workers.length, 2);
    process.kill(workers[0], "SIGKILL");
    const deadline = Date.now() + 60_000;
    let now = workers;
    while (Date.now() < deadline && (now.includes(workers[0]) || now.length < 2)) {
      await new Promise((r) => setTimeout(r, 250));
      now = childPids(server);
    }
    assert.equal(now.length, 2, `workers now: ${now}`);
    assert.ok(!now.includes(workers[0]));
    assert.match(site.output(), /died \(SIGKILL\); starting another/);
    assert.equal((await request(`${base}/api/health`)).status, 200);
  });
});

describe("a data folder left by another PostgreSQL major", () => {
  test("is refused with a message naming both majors; once set aside, a new one of the bundled major starts in its place", { timeout: 120_000 }, async () => {
    const dir = path.join(tempDataDir(), "postgres");
    oldMajorCluster(dir);
    const port = await freePort();
    await assert.rejects(
      startEmbeddedPostgres({ dir, port, database: "gameserver", persistent: false }),
      /was made by PostgreSQL 18, and the embedded server is PostgreSQL \d+, which cannot open it/,
    );
    const moved = setAsideDataOfOtherMajor(dir);
    assert.equal(moved?.major, 18);
    assert.equal(readFileSync(path.join(moved.to, "left-by-18"), "utf8"), "the old data");

    const server = await startEmbeddedPostgres({ dir, port, database: "gameserver", persistent: false });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      const { rows } = await client.query("SELECT current_setting('server_version_num')::int / 10000 AS major");
      await client.end();
      assert.equal(rows[0].major, embeddedMajor());
      assert.equal(readFileSync(path.join(dir, "PG_VERSION"), "utf8").trim(), String(embeddedMajor()));
    } finally {
      await server.stop();
    }
  });
});

describe("embedded PostgreSQL as root in a private folder", () => {
  test("the check names every folder the postgres user cannot enter", () => {
    const priv = mkdtempSync(path.join(os.tmpdir(), "gs-private-"));
    temps.push(priv);
    chmodSync(priv, 0o700);
    const data = path.join(priv, "project", ".data", "postgres");
    assert.deepEqual(foldersPostgresCannotEnter([data], null), [priv]);
    // The owner's own bit counts when postgres owns the folder; others need o+x.
    const owner = statSync(priv);
    assert.deepEqual(foldersPostgresCannotEnter([data], { uid: owner.uid, gid: owner.gid }), []);
    chmodSync(priv, 0o711);
    assert.deepEqual(foldersPostgresCannotEnter([data], null), []);
  });

  test("npm start as root stops before starting PostgreSQL and says what to do", { timeout: 60_000 }, async () => {
    const priv = mkdtempSync(path.join(os.tmpdir(), "gs-private-"));
    temps.push(priv);
    if (process.getuid() !== 0) {
      // A regular user's PostgreSQL runs as that user: its own private folder is fine.
      await assertPostgresUserCanReach(path.join(priv, "data"));
      return;
    }
    const pgPort = await freePort();
    const site = startSite({ DATA_DIR: path.join(priv, "data"), PORT: String(await freePort()), EMBEDDED_PG_PORT: String(pgPort) });
    assert.equal((await site.exited).code, 1);
    assert.match(site.output(), /cannot start here as root/);
    assert.match(site.output(), new RegExp(`chmod o\\+x ${priv}`));
    assert.equal(await portOpen(pgPort), false);
  });
});
