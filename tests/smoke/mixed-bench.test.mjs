// Smoke test of the mixed-load benchmark (`npm run bench -- --mixed`, scripts/bench/mixed.ts),
// so it does not rot: a five-second run at low concurrency on the build and PostgreSQL server
// the smoke stage provides (NEXT_DIST_DIR, SMOKE_ADMIN_DATABASE_URL; scripts/test.mjs). Every
// kind of the mix must be sent and answered as expected, and the checks afterwards (reconcile,
// one charge per Idempotency-Key, no coupon past its total or per-player limit, each gift card
// redeemed once, every claimed delivery acked once, votes counted once) pass.
// Alone: `node --test tests/smoke/mixed-bench.test.mjs` (builds .next-bench first when stale).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";

/** Settings of the machine running the tests that must not leak into the benchmark's app. */
const OWN = ["DATABASE_URL", "APP_MODE", "SITE_URL", "AUTH_SECRET", "TOTP_ENCRYPTION_KEY", "PORT", "TRUST_PROXY", "WEB_CONCURRENCY", "DATABASE_POOL_SIZE"];

const KINDS = [
  "guest page",
  "hiscores read",
  "forum read",
  "player page (signed in)",
  "login: website",
  "login: API token",
  "login: game server",
  "token refresh",
  "store purchase",
  "store purchase: coupon",
  "gift card redeem",
  "game: claim deliveries",
  "game: ack deliveries",
  "game: hiscores push",
  "vote callback",
];

test(
  "npm run bench -- --mixed: every kind answered as expected, reconcile and the money, coupon, gift card, delivery and vote checks pass",
  { timeout: 900_000 },
  async () => {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.includes(k) && !k.startsWith("VOTE_") && !k.startsWith("BENCH_"))),
      BENCH_DURATION: "5",
      BENCH_WARMUP: "1",
      BENCH_BASELINE_DURATION: "2",
      BENCH_CONNECTIONS: "4",
      BENCH_PLAYERS: "20",
      BENCH_HISCORE_PLAYERS: "1500",
      BENCH_LOG_LEVEL: "warn",
      ...(process.env.SMOKE_ADMIN_DATABASE_URL ? { BENCH_DATABASE_URL: process.env.SMOKE_ADMIN_DATABASE_URL } : {}),
    };
    const started = Date.now();
    const { code, out } = await new Promise((resolve, reject) => {
      const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/bench/run.ts", "--mixed"], { env, stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (d) => (text += d));
      child.stderr.on("data", (d) => (text += d));
      child.on("error", reject);
      child.on("exit", (c) => resolve({ code: c, out: text }));
    });
    console.log(`# the mixed bench took ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const line = out.split("\n").find((l) => l.startsWith("MIXED_RESULT "));
    assert.ok(line, `no MIXED_RESULT line; exit ${code}:\n${out}`);
    const result = JSON.parse(line.slice("MIXED_RESULT ".length));
    for (const kind of KINDS) {
      const k = result.kinds[kind];
      assert.ok(k && k.count > 0, `"${kind}" was never sent:\n${out}`);
      assert.equal(k.errors, 0, `"${kind}" had errors:\n${out}`);
    }
    assert.deepEqual(Object.keys(result.kinds).sort(), [...KINDS].sort(), "the mix's kinds changed: update this test and docs/performance.md");
    assert.ok(result.baseline.count > 0 && result.baseline.errors === 0, `the baseline did not run cleanly:\n${out}`);
    assert.deepEqual(result.checks, { reconcile: true, purchases: true, coupons: true, "gift cards": true, deliveries: true, votes: true }, out);
    assert.match(out, /^\| \*\*total \(mix\)\*\* /m);
    assert.match(out, /Load average \(1 \/ 5 \/ 15 min\): /);
    assert.equal(result.pass, true, out);
    assert.equal(code, 0, out);
  },
);
