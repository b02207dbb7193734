// Smoke test of the game bridge as an operator tries it (docs/game-integration.md): `npm start`
// on a real build and database, a key from `npm run admin -- game-key create`, then
// `npm run game:sim` end to end. Run by `npm test` after the build (scripts/test.mjs); alone:
// `node --test tests/smoke/game-sim.test.mjs` (builds first when the build is stale).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase, startTestServer } from "../setup/test-db.mjs";

/** Settings of the machine running the tests that must not leak into the site or the tools. */
const OWN = ["DATABASE_URL", "APP_MODE", "SITE_URL", "AUTH_SECRET", "TOTP_ENCRYPTION_KEY", "GAME_SIM_KEY", "PORT"];
const cleanEnv = (extra) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.includes(k) && !k.startsWith("VOTE_"))),
  LOG_LEVEL: "warn",
  ...extra,
});

/** Runs a command to its end; answers its exit code and everything it printed. */
function run(cmd, args, env, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => (clearTimeout(timer), resolve({ code, out })));
  });
}

describe("npm run game:sim against npm start", { timeout: 420_000 }, () => {
  let pgServer = null;
  let db;
  let sql;
  let site;
  let dataDir;
  let base;
  let env;
  let key;
  const npm = (...args) => run("npm", ["run", "--silent", ...args], env);
  const sim = (...args) => npm("game:sim", "--", "--url", base, "--username", "Player", "--password", "Ember!Player1", ...args);
  const playerId = async () => (await sql.query(`SELECT id FROM users WHERE "usernameKey" = 'player'`)).rows[0].id;
  const status = async (id) => (await sql.query(`SELECT status FROM game_deliveries WHERE id = $1`, [id])).rows[0].status;

  before(async () => {
    let adminUrl = process.env.SMOKE_ADMIN_DATABASE_URL;
    if (!adminUrl) {
      pgServer = await startTestServer();
      adminUrl = pgServer.adminUrl;
    }
    db = await createTestDatabase(adminUrl, { prefix: "smokesim", migrate: false });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-smoke-sim-"));
    chmodSync(dataDir, 0o755);
    // Local mode (demo accounts) on a database of its own, as `npm start` with DATABASE_URL.
    env = cleanEnv({ DATABASE_URL: db.url, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SITE_URL: base, WEB_CONCURRENCY: "1" });
    const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise((resolve) => child.on("exit", (code) => resolve({ code })));
    site = { child, exited, output: () => output };

    const deadline = Date.now() + 300_000;
    for (;;) {
      const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 500))]);
      if (early) throw new Error(`npm start exited early (${JSON.stringify(early)}):\n${output}`);
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`npm start did not serve in time:\n${output}`);
    }
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();

    const made = await npm("admin", "--", "game-key", "create", "sim-smoke", "all");
    assert.equal(made.code, 0, made.out);
    key = /gsk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]+/.exec(made.out)?.[0];
    assert.ok(key, `no key in:\n${made.out}`);
  });

  after(async () => {
    await sql?.end().catch(() => {});
    if (site?.child.exitCode === null) {
      site.child.kill("SIGTERM");
      const stopped = await Promise.race([site.exited, new Promise((r) => setTimeout(() => r(null), 30_000))]);
      if (!stopped) process.kill(-site.child.pid, "SIGKILL");
    }
    await db?.drop().catch(() => {});
    await pgServer?.stop().catch(() => {});
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test("logs the demo player in, pushes hiscores, claims, grants and acks a store delivery, and gets a ::store link", async () => {
    // A store order waiting for the game, as a purchase leaves it (lib/server/store/purchase-product.ts).
    const { rows } = await sql.query(
      `WITH prod AS (SELECT id, price, "gameItemId", quantity FROM store_products WHERE active ORDER BY id LIMIT 1),
            ord AS (INSERT INTO store_orders ("userId", "productId", "priceCredits", quantity, "idempotencyKey")
                    SELECT $1, prod.id, prod.price, 1, 'smoke-game-sim' FROM prod RETURNING id)
       INSERT INTO game_deliveries ("userId", kind, payload, "storeOrderId")
       SELECT $1, 'STORE_ITEM', jsonb_build_object('itemId', prod."gameItemId", 'quantity', prod.quantity), ord.id FROM prod, ord
       RETURNING id`,
      [await playerId()],
    );
    const deliveryId = rows[0].id;

    // Four days of history: its first push always falls before the demo competition's start (two
    // days ago at 00:00 UTC), whatever the hour; with three, a run after about 21:00 UTC began
    // after the start, with no value at the start to count from.
    const r = await sim("--key", key, "--world", "2", "--players", "17", "--days", "4");
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /✓ players online +world 2: reported 17; the site now shows \d+ online/);
    assert.match(r.out, /✓ login +ok: Player \(id \d+\), PLAYER/);
    assert.match(r.out, /✓ hiscores +pushed 23 skills: total level \d+/);
    assert.match(r.out, /✓ preview +[1-9]\d* undelivered/);
    assert.match(r.out, /✓ claim +[1-9]\d* delivery\(ies\) leased as \S+ until/);
    assert.match(r.out, new RegExp(`grant #${deliveryId} store_item: `));
    assert.match(r.out, new RegExp(`✓ ack +delivered \\[[^\\]]*\\b${deliveryId}\\b[^\\]]*\\], none rejected`));
    assert.match(r.out, new RegExp(`✓ store link +${base.replace(/[.]/g, "\\.")}/\\S+ \\(one use, until`));
    assert.match(r.out, /Done:/);
    assert.equal(await status(deliveryId), "DELIVERED");

    // What the site shows visitors is what the game reported.
    const online = await (await fetch(`${base}/api/v1/players-online`)).json();
    assert.ok(
      online.worlds.some((w) => w.world === 2 && w.count === 17),
      JSON.stringify(online),
    );

    // Four days of past play went in first, dated: gains, a dated 99 and the adventure log show it.
    assert.match(r.out, /✓ history +pushed 16 past pushes over 4 day\(s\)/);
    assert.match(r.out, /✓ events +reported a hard clue and a rare drop: 2 logged/);
    const gains = await (await fetch(`${base}/api/v1/hiscores/player/Player/gains?period=week`)).json();
    assert.ok(
      gains.results.some((g) => g.gained > 0),
      JSON.stringify(gains),
    );
    const achievements = await (await fetch(`${base}/api/v1/hiscores/player/Player/achievements`)).json();
    assert.ok(
      achievements.results.some((a) => a.name.startsWith("99 ") && a.reached_at && Date.parse(a.reached_at) < Date.now() - 3_600_000),
      JSON.stringify(achievements.results.filter((a) => a.met)),
    );
    // The demo's running competition counts everyone: the past play after its start put Player on it.
    assert.match(r.out, /✓ competitions +\d+ running; Player is #1 in "Demo week: Overall experience" with [1-9][\d,]* points/);
    const log = await (await fetch(`${base}/api/v1/hiscores/player/Player/log`)).json();
    assert.ok(log.results.some((e) => e.kind === "level") && log.results.some((e) => e.kind === "clue"), JSON.stringify(log));

    // A second run finds nothing left: the delivery was granted once; the history is not pushed twice.
    const again = await sim("--key", key);
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /✓ history +skipped: Player already has pushes after/);
    assert.doesNotMatch(again.out, new RegExp(`grant #${deliveryId} `));
  });

  test("a listing site's vote callback queues a vote_reward that the game then claims", async () => {
    // The incentive token the player's vote link carries (shown on /vote).
    const token = randomBytes(16).toString("hex");
    await sql.query(`UPDATE users SET "voteToken" = $1 WHERE id = $2`, [token, await playerId()]);
    const r = await sim("--key", key, "--vote-token", token, "--vote-site", "runelocus");
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /✓ vote callback +RuneLocus called back: accepted/);
    const granted = /grant #(\d+) vote_reward: \d+ vote point\(s\) for voting on runelocus/.exec(r.out);
    assert.ok(granted, r.out);
    assert.equal(await status(Number(granted[1])), "DELIVERED");
  });

  test("a revoked key stops at the first step with 401 and says how to make a key", async () => {
    const made = await npm("admin", "--", "game-key", "create", "sim-old", "players");
    const old = /gsk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]+/.exec(made.out)?.[0];
    assert.ok(old, made.out);
    const revoked = await npm("admin", "--", "game-key", "revoke", "sim-old");
    assert.equal(revoked.code, 0, revoked.out);
    const r = await sim("--key", old);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /✗ players online +401 .*npm run admin -- game-key create sim/);
  });
});
