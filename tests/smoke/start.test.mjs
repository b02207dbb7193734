// Smoke tests of `npm start` itself (scripts/start.mjs), run by `npm test` after the build:
// a real embedded PostgreSQL, migrations, seed, `next start`, and a clean Ctrl-C.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase } from "../setup/test-db.mjs";

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

const portOpen = (port) =>
  new Promise((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

test("a fresh start with no DATABASE_URL serves / on an embedded PostgreSQL and Ctrl-C stops it cleanly", { timeout: 300_000 }, async () => {
  const dataDir = tempDataDir();
  const [port, pgPort] = [await freePort(), await freePort()];
  const started = Date.now();
  const site = startSite({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", EMBEDDED_PG_PORT: String(pgPort) });
  await waitForPage(`http://127.0.0.1:${port}/`, "What are you waiting for?", site, 280_000);
  console.log(`# served / after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.match(site.output(), /starting embedded PostgreSQL/);
  assert.match(site.output(), /demo data created/);
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
    const bad = startSite({ APP_MODE: "production", DATABASE_URL: db.url, SITE_URL: "https://play.example", AUTH_SECRET: "short", PORT: String(await freePort()) });
    assert.equal((await bad.exited).code, 1);
    assert.match(bad.output(), /AUTH_SECRET: must be at least 32 characters/);
    assert.match(bad.output(), /TOTP_ENCRYPTION_KEY: is required in production/);
    assert.match(bad.output(), /SMTP_URL: is required in production/);
  } finally {
    await db.drop();
  }
});
