// npm run bench -- --mixed — a realistic mixed load (docs/performance.md "The mixed
// load"). A throwaway database (embedded PostgreSQL unless BENCH_DATABASE_URL names a server:
// an admin URL), seeded through our own code: the demo data (store, forums, news), a hiscores
// population at depth (scripts/seed-hiscores.ts), players with passwords, credits (the staff
// grant use case), sessions, API token pairs, vote tokens, a game key, coupons with limits and
// gift cards (the staff use cases). Then the production
// app (`node scripts/start.mjs`, APP_MODE=local, TRUST_PROXY=true) and, in the same run, the raw
// node:http + pg baseline (baseline-server.mjs), both driven by the same small closed-loop
// driver: BENCH_CONNECTIONS virtual users (default 50), each running weighted scenarios back to
// back for BENCH_DURATION seconds (default 60; longer, by at most max(30 s, BENCH_DURATION),
// until every kind has been sent) after BENCH_WARMUP seconds not counted (default 5); the
// baseline for BENCH_BASELINE_DURATION seconds (default 10) before the mix.
// Afterwards: reconcile and the money, coupon, gift card, delivery and vote checks. Exit 1 on any
// error or failed check. Also: BENCH_PLAYERS (default 500), BENCH_HISCORE_PLAYERS (default 5000),
// BENCH_COUPONS and BENCH_GIFT_CARDS (default BENCH_PLAYERS, at least 20), NEXT_DIST_DIR
// (default .next-bench; start.mjs builds when missing or stale).
//
// Why a driver of our own and not autocannon: autocannon reports one latency histogram for
// everything it sends, and its `requests` chains cannot carry state from one answer into the
// next scenario (a rotated refresh token, a lease id to ack, which player has a delivery
// waiting). Here every request is timed, checked against what its kind must answer, and
// booked under its kind; the baseline goes through the same client, so its share compares like
// with like.
//
// The parts: mixed/config.ts (the settings and the mix), mixed/seed.ts (seeding through our
// own code), mixed/driver.ts (the client, the virtual users and the phases), mixed/checks.ts
// (the checks afterwards) and mixed/report.ts (the table and the verdict).
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";
import { freePort } from "../lib/embedded-db.mjs";
import { stop, waitFor } from "./http";
import { checkAfterwards } from "./mixed/checks";
import { DIST_DIR, HISCORE_PLAYERS, load, say, VOTE_SITES } from "./mixed/config";
import { agent, measure, probe, type World } from "./mixed/driver";
import { printResults, printVerdict } from "./mixed/report";
import { run, seed } from "./mixed/seed";

/** Runs the mixed load; answers the exit code (0: no errors and every check passed). */
export async function runMixedBench(): Promise<number> {
  const loadAtStart = load();
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchmix" });
  const [appPort, basePort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${appPort}`;
  const authSecret = randomBytes(32).toString("base64url");
  const voteSecrets = Object.fromEntries(VOTE_SITES.map((s) => [s.key, randomBytes(16).toString("hex")]));
  // The app's own settings, kept from this process's pool size (set small below for the seed).
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    APP_MODE: "local",
    SITE_URL: site,
    AUTH_SECRET: authSecret,
    // Behind a reverse proxy, as production runs: each player's own address reaches the rate
    // limits (X-Forwarded-For), instead of every request sharing 127.0.0.1's login allowance.
    TRUST_PROXY: "true",
    ...Object.fromEntries(VOTE_SITES.map((s) => [`VOTE_${s.key.toUpperCase()}_SECRET`, voteSecrets[s.key]])),
  };
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    APP_MODE: "local",
    SITE_URL: site,
    AUTH_SECRET: authSecret,
    LOG_LEVEL: "silent",
    DATABASE_POOL_SIZE: "4",
  });
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-mixed-"));
  let app: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  let code = 1;
  try {
    const pgVersion = (await sql.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    // The hiscores at depth first: generated players on the regular ladder (the 1M case is
    // bench:hiscores). Before the app starts, whose job runner could refresh the same ladder
    // at the same time (two refreshes of one ladder collide on hiscore_anchors_pkey).
    await run("npx", ["tsx", "--conditions=react-server", "scripts/seed-hiscores.ts", "--players", String(HISCORE_PLAYERS)], {
      ...process.env,
      DATABASE_URL: database.url,
    });
    say(`seeded ${HISCORE_PLAYERS.toLocaleString("en-US")} hiscores players`);
    // The app starts while the rest is seeded (its own start-up seeds the demo data too: both
    // take the seed's lock, and whichever comes second finds it done).
    baseline = fork("scripts/bench/baseline-server.mjs", { env: { ...process.env, DATABASE_URL: database.url, PORT: String(basePort) }, stdio: "ignore" });
    say(`starting the app (node scripts/start.mjs, ${DIST_DIR}; builds first when the build is missing or stale) and seeding…`);
    app = spawn(process.execPath, ["scripts/start.mjs"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...appEnv,
        PORT: String(appPort),
        HOST: "127.0.0.1",
        NEXT_DIST_DIR: DIST_DIR,
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
      },
    });
    const seeded = await seed(database.url, sql);
    const world: World = { ...seeded, app: appPort, baseline: basePort, site, voteSecrets };
    await waitFor(`http://127.0.0.1:${basePort}/`, 10_000, baseline);
    await waitFor(`${site}/api/health`, 15 * 60_000, app);
    say("the app answers");
    const workers = Number(appEnv.WEB_CONCURRENCY || os.availableParallelism());

    await probe(world);
    const measured = await measure(world);
    const summary = printResults(measured, { loadAtStart, workers, pgVersion, ladderPlayers: seeded.ladderPlayers, world });

    // Nothing may still be on its way before the database is read.
    await Promise.all([stop(app), stop(baseline)]);
    app = baseline = null;
    console.log("\nChecks after the run:");
    const checks = await checkAfterwards(sql, world);
    code = printVerdict(summary, checks) ? 0 : 1;
  } finally {
    await Promise.all([stop(app), stop(baseline)]);
    agent.destroy();
    await sql.end();
    const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
    await g.prisma?.$disconnect();
    await database.drop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return code;
}
