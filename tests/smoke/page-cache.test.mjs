// The server entry's guest page cache (scripts/lib/page-cache.mjs) on a real build, two worker
// processes, one database: a guest's forum page is served again without a render, each answer
// with a nonce of its own that its scripts carry; a signed-in player gets the same public page
// from it, while staff and a client navigation never do; and a new thread shows at once to every guest on either worker (the use
// case announces it; each worker hears it through PostgreSQL), though the cache would otherwise
// keep the old page for a minute here.
//
// Run by `npm test` in the smoke stage (after the build). Alone, with a build in .next-test:
//   NEXT_DIST_DIR=.next-test node --test tests/smoke/page-cache.test.mjs
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import { after, before, test } from "node:test";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { emptySiteStorage } from "./support/site.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next-test";
const PLAYER = { username: "Player", password: "Ember!Player1" }; // prisma/seed-demo.ts
const STAFF = { username: "Admin", password: "Ember!Admin1" };

let storage;
let database;
let site;
let base;
let dataDir;

/** One request on a connection of its own (the cluster hands new connections to the workers in turn). */
function get(pathname, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { agent: false, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function post(pathname, body, cookie) {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => ({})) };
}

const nonceOf = (res) => /'nonce-([^']+)'/.exec(res.headers["content-security-policy"] ?? "")?.[1];
const scriptNonces = (html) => [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);

/** Guest GETs of `pathname` until both workers answer from the cache (two hits in a row). */
async function warm(pathname) {
  let hitsInARow = 0;
  for (let i = 0; i < 20 && hitsInARow < 2; i++) {
    const res = await get(pathname);
    assert.equal(res.status, 200, `${pathname}: ${res.status}`);
    hitsInARow = res.headers["x-page-cache"] === "hit" ? hitsInARow + 1 : 0;
  }
  assert.equal(hitsInARow, 2, `${pathname} was not served from the cache by both workers`);
}

before(async () => {
  assert.ok(existsSync(`${distDir}/BUILD_ID`), `No production build in ${distDir}: build first (NEXT_DIST_DIR=${distDir} npx next build), or run npm test.`);
  storage = await emptySiteStorage("smokecache");
  ({ database, dataDir } = storage);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (/^(APP_MODE|DATABASE_URL|SITE_URL|AUTH_SECRET|TOTP_ENCRYPTION_KEY|TRUST_PROXY|PAGE_CACHE_TTL_MS)/.test(k)) delete env[k];
  Object.assign(env, {
    APP_MODE: "local",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "2",
    // A minute: a page that outlived a write could only come from a missed clear.
    PAGE_CACHE_TTL_MS: "60000",
    NEXT_DIST_DIR: distDir,
    LOG_LEVEL: "warn",
  });
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  site = { child, output: () => output, exited: new Promise((r) => child.on("exit", (code) => r(code))) };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited early:\n${output}`);
    const ok = await get("/api/health").then(
      (r) => r.status === 200 && /with 2 workers/.test(output),
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the site did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

after(async () => {
  if (site) {
    try {
      process.kill(-site.child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await Promise.race([site.exited, new Promise((r) => setTimeout(r, 15_000))]);
  }
  await storage?.cleanup();
});

test("a guest's forum page is served again with a fresh nonce each time, the one its scripts carry", { timeout: 60_000 }, async () => {
  await warm("/forums");
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await get("/forums"));
  const nonces = new Set();
  for (const res of answers) {
    assert.equal(res.headers["x-page-cache"], "hit");
    assert.match(res.headers["content-security-policy"], /script-src 'self' 'nonce-[A-Za-z0-9_-]{22}' 'strict-dynamic'/);
    const nonce = nonceOf(res);
    const scripts = scriptNonces(res.body);
    assert.ok(scripts.length > 0, "no script carries a nonce");
    assert.deepEqual([...new Set(scripts)], [nonce], "a script carries another nonce than the policy");
    nonces.add(nonce);
  }
  assert.equal(nonces.size, answers.length, "two answers shared a nonce");
  // The same page as a render: only the nonce differs.
  const [a, b] = answers;
  assert.equal(a.body.replaceAll(nonceOf(a), "N"), b.body.replaceAll(nonceOf(b), "N"));
  assert.match(a.body, /<h1[^>]*>Forums<\/h1>/);
});

/** The cookies a login sets, as a Cookie header. */
async function signIn(who) {
  const login = await post("/api/v1/login", who);
  assert.equal(login.status, 200, JSON.stringify(login.json));
  return login.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
}

test("a signed-in player gets the public page from the cache; staff and a client navigation get a render", { timeout: 60_000 }, async () => {
  await warm("/forums");
  const player = await signIn(PLAYER);
  assert.match(player, /(^|; )session=/);
  assert.match(player, /(^|; )signed_in=1/);
  const guest = await get("/forums");
  for (let i = 0; i < 3; i++) {
    const res = await get("/forums", { cookie: player });
    assert.equal(res.status, 200);
    assert.equal(res.headers["x-page-cache"], "hit", "a player's forum index was rendered again");
    // The guest's page: nothing in it was rendered for the player.
    assert.equal(res.body.replaceAll(nonceOf(res), "N"), guest.body.replaceAll(nonceOf(guest), "N"));
  }
  // Staff see hidden forums and their controls: their hint sends them past the cache.
  const staff = await signIn(STAFF);
  assert.match(staff, /(^|; )signed_in=staff/);
  for (let i = 0; i < 3; i++) {
    const res = await get("/forums", { cookie: staff });
    assert.equal(res.status, 200);
    assert.equal(res.headers["x-page-cache"], undefined, "a staff page came from the cache");
    assert.match(res.body, /Reported posts/);
  }
  // A staff member whose hint is stale gets the public page (rendered as for a guest), never one rendered for them.
  const stale = staff.replace("signed_in=staff", "signed_in=1");
  await warm("/forums");
  for (let i = 0; i < 3; i++) {
    const res = await get("/forums", { cookie: stale });
    assert.equal(res.status, 200);
    assert.doesNotMatch(res.body, /Reported posts/);
  }
  const rsc = await get("/forums", { rsc: "1" });
  assert.equal(rsc.headers["x-page-cache"], undefined);

  // The forum reads of the JSON API likewise: a player's from the cache (each answer with a
  // request id of its own), staff's rendered.
  await warm("/api/v1/forums");
  const guestJson = await get("/api/v1/forums");
  const ids = new Set();
  for (let i = 0; i < 3; i++) {
    const res = await get("/api/v1/forums", { cookie: player });
    assert.equal(res.headers["x-page-cache"], "hit");
    assert.equal(res.body, guestJson.body);
    assert.match(res.headers["x-request-id"], /^[0-9a-f-]{36}$/);
    ids.add(res.headers["x-request-id"]);
  }
  assert.equal(ids.size, 3, "two answers shared a request id");
  const staffJson = await get("/api/v1/forums", { cookie: staff });
  assert.equal(staffJson.status, 200);
  assert.equal(staffJson.headers["x-page-cache"], undefined);
});

test("a new thread shows at once to guests on every worker, though the cache would keep the page a minute", { timeout: 90_000 }, async () => {
  const answer = await (await fetch(`${base}/api/v1/forums`)).json();
  const categories = Array.isArray(answer) ? answer : (answer.results ?? []);
  const forum = categories.flatMap((c) => c.forums ?? []).find((f) => !f.staff_only && !/news|announce/i.test(f.name));
  assert.ok(forum, `no forum to post in: ${JSON.stringify(answer).slice(0, 300)}`);
  const page = `/forums/${forum.id}`;
  await warm(page);
  const title = `Cache check ${Date.now().toString(36)}`;
  assert.ok(!(await get(page)).body.includes(title));

  const login = await post("/api/v1/login", PLAYER);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";", 1)[0])
    .join("; ");
  const created = await post("/api/v1/forums/threads", { forum_id: forum.id, title, content: "<p>Does the forum page show this at once?</p>" }, cookie);
  assert.equal(created.status, 201, JSON.stringify(created.json));

  // The thread's use case announced the change in its transaction; PostgreSQL hands it to each
  // worker's listener at commit, a moment before or after the answer reaches us. So the first
  // look may wait a little (well under the minute the page would otherwise live).
  const deadline = Date.now() + 3_000;
  while (!(await get(page)).body.includes(title) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // Fresh connections alternate between the two workers: both must have let go of the old page.
  for (let i = 0; i < 6; i++) {
    const res = await get(page);
    assert.equal(res.status, 200);
    assert.ok(res.body.includes(title), `answer ${i + 1} (${res.headers["x-page-cache"]}) still shows the forum without the new thread`);
  }
  await warm(page);
});
