// npm run bench:progress — progress history at scale (docs/hiscores.md, "Progress history at
// scale"). Needs a scratch database filled by
//   npm run seed:hiscores -- --players 1000000 --active 50000 --days 31 --competition 10000
// in BENCH_DATABASE_URL (or DATABASE_URL). Reports:
// - the refresh of the top gainers (every period, ladder and metric) and the records of three
//   hours, through the job's code;
// - the cost a push adds for history, achievements, the log and competitions: those steps timed
//   inside a push's transaction, next to whole pushes through the app's code (with a player of the
//   running competition, so its statement runs too);
// - over HTTP, against a production build (`node scripts/start.mjs`, NEXT_DIST_DIR, default
//   .next-bench; built first when missing): a player's gains in each period and a metric's chart,
//   top gainers and records pages, and the 10,000-player competition's standings (API and page),
//   one request at a time, beside a raw node:http + pg server answering one query (the floor);
// - the disk the history takes per active player and month.
// BENCH_ITERATIONS (default 300) per case. Pushes change the data: use a scratch database.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { freePort } from "../lib/embedded-db.mjs";
import { stop, waitFor } from "./http";

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("Set BENCH_DATABASE_URL to a database filled by npm run seed:hiscores -- --active ….");
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL = "silent";
const N = Number(process.env.BENCH_ITERATIONS ?? 300);

const { db } = await import("../../lib/server/db");
const { refreshTopGains, updateRecords } = await import("../../lib/server/progress/refresh-gains");
const { recordProgress, selectPriorState } = await import("../../lib/server/progress/record-progress");
const { followPush } = await import("../../lib/server/competitions/follow-push");
const { lockPushPlayer } = await import("../../lib/server/game/sql/hiscore-push");
const { pushHiscores } = await import("../../lib/server/game/push-hiscores");
const { PERIODS } = await import("../../lib/progress/periods");
const { METRIC_SLUGS } = await import("../../lib/progress/metrics");

type Row = { name: string; n: number; p50: number; p95: number; p99: number; target?: number };
const rows: Row[] = [];
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function report(name: string, times: number[], target?: number) {
  times.sort((a, b) => a - b);
  const r = { name, n: times.length, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), target };
  rows.push(r);
  console.log(
    `${name.padEnd(62)} n=${String(r.n).padStart(4)}  p50 ${r.p50.toFixed(2).padStart(8)} ms  p95 ${r.p95.toFixed(2).padStart(8)} ms  p99 ${r.p99.toFixed(2).padStart(8)} ms`,
  );
}

async function bench(name: string, n: number, fn: (i: number) => Promise<unknown>, target?: number) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  report(name, times, target);
}

const pool = new pg.Pool({ connectionString: url, max: 2 });
const q = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await pool.query<T>(sql, params)).rows;

const [facts] = await q<{ active: number; history: number; from: Date }>(
  `SELECT count(*)::int AS active, (SELECT count(*)::int FROM hiscore_history) AS history, min("historyFrom") AS "from" FROM hiscore_players`,
);
if (!facts || facts.active === 0) throw new Error("No progress history: run npm run seed:hiscores -- --players … --active … first.");
const race = (
  await q<{ id: number; n: number }>(
    `SELECT c.id, (SELECT count(*)::int FROM competition_participants p WHERE p."competitionId" = c.id) AS n
   FROM competitions c WHERE c.title LIKE 'Bench: Overall race%' ORDER BY c.id DESC LIMIT 1`,
  )
)[0];
const actives = await q<{ id: number; username: string }>(
  `SELECT u.id, u.username FROM hiscore_players p JOIN users u ON u.id = p."userId" WHERE u."emailKey" LIKE '%@generated.invalid' ORDER BY random() LIMIT 3000`,
);
const racers = race
  ? await q<{ id: number; username: string }>(
      `SELECT u.id, u.username FROM competition_participants p JOIN users u ON u.id = p."userId" WHERE p."competitionId" = $1 ORDER BY random() LIMIT 1000`,
      [race.id],
    )
  : [];
const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length]!;
console.log(
  `History: ${facts.history.toLocaleString("en-US")} rows for ${facts.active.toLocaleString("en-US")} active players since ${facts.from.toISOString()}; ` +
    (race ? `competition ${race.id} with ${race.n.toLocaleString("en-US")} participants` : "no competition (seed with --competition)") +
    "\n",
);

// 1. The refresh of the top gainers: every period, ladder and metric, as the job runs it.
const refreshes: number[] = [];
for (let i = 0; i < 3; i++) refreshes.push((await refreshTopGains()).ms);
console.log(`refresh-gains (all ${PERIODS.length} periods): ${refreshes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}\n`);

// The records job's cost an hour: three hours past its cursor (the seed reads every hour of the
// history; a seed cut short leaves hours to read, else the three hours after the newest).
const cursor = (await q<{ at: Date }>(`SELECT at FROM hiscore_upkeep WHERE name = 'records'`))[0];
if (cursor) {
  const t = performance.now();
  const hours = await updateRecords(new Date(cursor.at.getTime() + 4 * 3_600_000 + 3 * 60_000));
  const ms = performance.now() - t;
  console.log(
    `records job: ${hours} hours from ${cursor.at.toISOString()} in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, hours) / 1000).toFixed(2)} s an hour)\n`,
  );
}

// 2. What history, achievements, the log and competitions add to a push: those steps timed inside
// a push's transaction (the player locked and read first, as a push does), a different player
// each time; then whole pushes through the app for comparison.
const stepTimes: number[] = [];
const movers = racers.length > 0 ? racers : actives;
for (let i = 0; i < N + 20; i++) {
  const p = pick(movers, i + 1);
  await db.$transaction(async (tx) => {
    await lockPushPlayer(tx, p.id);
    // The prior state is not timed: it is the push's one read of the player's rows, which it needs
    // for the ladders it records changes of whether or not history is kept.
    const prior = await selectPriorState(tx, p.id);
    const t = performance.now();
    const values = new Map<number, number>();
    let added = 0;
    for (const skill of [1 + (i % 23), 1 + ((i * 7) % 23), 1 + ((i * 13) % 23)]) {
      const gain = 5_000 + ((i * 104729) % 200_000);
      values.set(skill, Math.min(200_000_000, (prior.values.get(skill) ?? 0) + gain));
      added += values.get(skill)! - (prior.values.get(skill) ?? 0);
    }
    values.set(0, (prior.values.get(0) ?? 0) + added);
    const changes = await recordProgress(tx, prior, {
      userId: p.id,
      username: p.username,
      gameMode: "REGULAR",
      xpMode: "REGULAR",
      hidden: false,
      values,
      at: null,
    });
    await followPush(tx, p.id, changes, { firstPush: false, at: null });
    if (i >= 20) stepTimes.push(performance.now() - t);
    // The values themselves, as the push writes them (not timed: the push writes them without history too).
    const metrics = [...values.keys()];
    await tx.$executeRaw`
        UPDATE hiscore_stats s SET experience = v.value, "reachedAt" = now()
        FROM unnest(${metrics}::smallint[], ${metrics.map((m) => values.get(m)!)}::bigint[]) AS v(metric, value)
        WHERE s."userId" = ${p.id} AND s.skill = v.metric`;
  });
}
report(`push: history + achievements + log + competitions steps`, stepTimes, 2);
const SKILL_COUNT = 23;
await bench("push: whole push of 23 skills (app, in-process)", N, (i) =>
  pushHiscores({
    player_id: pick(actives, i + 3).id,
    experience: Array.from({ length: SKILL_COUNT }, (_, s) => 2_000_000 + ((i * 104729 + s * 7919) % 5_000_000)),
  }),
);

// 3. Over HTTP, one request at a time.
const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-"));
const [appPort, basePort] = [await freePort(), await freePort()];
let app: ChildProcess | null = null;
let baseline: ChildProcess | null = null;
try {
  baseline = fork("scripts/bench/baseline-server.mjs", { env: { ...process.env, DATABASE_URL: url, PORT: String(basePort) }, stdio: "ignore" });
  console.log(`\nStarting the app (node scripts/start.mjs, ${distDir}; builds first when the build is missing or stale)…`);
  app = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_MODE: "local",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      NEXT_DIST_DIR: distDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
  });
  await waitFor(`http://127.0.0.1:${basePort}/`, 10_000, baseline);
  await waitFor(`http://127.0.0.1:${appPort}/api/health`, 15 * 60_000, app);
  const origin = `http://127.0.0.1:${appPort}`;
  const get = async (pathname: string) => {
    const res = await fetch(origin + pathname, { redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${pathname}: ${res.status}`);
  };
  const slugs = METRIC_SLUGS.filter((s) => s !== "overall");
  const metricOf = (i: number) => (i % 3 === 0 ? "overall" : slugs[(i * 31) % 23]!);
  const pageOf = (i: number) => 1 + ((i * 7) % 20);

  await bench("HTTP floor: node:http + pg, one query", N, async () => {
    const res = await fetch(`http://127.0.0.1:${basePort}/`);
    await res.arrayBuffer();
  });
  for (const period of PERIODS)
    await bench(
      `GET /api/v1/hiscores/player/{name}/gains?period=${period}`,
      N,
      (i) => get(`/api/v1/hiscores/player/${pick(actives, i).username}/gains?period=${period}`),
      20,
    );
  await bench(
    "GET …/gains/{metric}?period=month (a chart's points)",
    N,
    (i) => get(`/api/v1/hiscores/player/${pick(actives, i).username}/gains/${metricOf(i)}?period=month`),
    20,
  );
  await bench("GET /hiscores/player/{name}/gains?period=week (page)", N, (i) => get(`/hiscores/player/${pick(actives, i).username}/gains?period=week`), 20);
  await bench(
    "GET /api/v1/hiscores/gains (top gainers, pages 1–20)",
    N,
    (i) => get(`/api/v1/hiscores/gains?period=${PERIODS[i % PERIODS.length]}&metric=${metricOf(i)}&page=${pageOf(i)}`),
    20,
  );
  await bench("GET /hiscores/gains (page)", N, (i) => get(`/hiscores/gains?period=${PERIODS[i % PERIODS.length]}&metric=${metricOf(i)}&page=${pageOf(i)}`), 20);
  await bench(
    "GET /api/v1/hiscores/records (pages 1–20)",
    N,
    (i) => get(`/api/v1/hiscores/records?period=${PERIODS[i % 4]}&metric=${metricOf(i)}&page=${pageOf(i)}`),
    20,
  );
  await bench("GET /hiscores/records (page)", N, (i) => get(`/hiscores/records?period=${PERIODS[i % 4]}&metric=${metricOf(i)}&page=${pageOf(i)}`), 20);
  if (race) {
    const last = Math.max(1, Math.ceil(race.n / 25));
    const standingsPage = (i: number) => [1, Math.ceil(last / 2), last][i % 3]!;
    await bench(
      `GET /api/v1/competitions/{id} (${race.n.toLocaleString("en-US")} players; first, middle, last page)`,
      N,
      (i) => get(`/api/v1/competitions/${race.id}?page=${standingsPage(i)}`),
      50,
    );
    await bench("GET /competitions/{id} (page)", N, (i) => get(`/competitions/${race.id}?page=${standingsPage(i)}`), 50);
  }
} finally {
  await Promise.all([stop(app), stop(baseline)]);
  rmSync(dataDir, { recursive: true, force: true });
}

// 4. Disk: the history's partitions (heap, indexes, TOAST) per active player and month.
const [disk] = await q<{ bytes: string; days: number }>(
  `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes,
          (SELECT extract(epoch FROM max(bucket) - min(bucket)) / 86400 FROM hiscore_history)::float8 AS days
   FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'hiscore_history'::regclass`,
);
const bytes = Number(disk!.bytes);
const perPlayerMonth = bytes / facts.active / Math.max(1, disk!.days / 30.44);
console.log(
  `\nDisk: hiscore_history ${(bytes / 1024 ** 2).toFixed(0)} MiB for ${facts.active.toLocaleString("en-US")} active players over ${disk!.days.toFixed(1)} days: ` +
    `${(perPlayerMonth / 1024).toFixed(1)} KiB per active player and month (${(facts.history / facts.active).toFixed(0)} rows each)`,
);

console.log("\n| case | n | p50 | p95 | p99 | target p95 |\n| --- | ---: | ---: | ---: | ---: | --- |");
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.n} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${r.target ? `< ${r.target} ms: ${r.p95 < r.target ? "pass" : "MISS"}` : ""} |`,
  );
console.log(
  `| refresh of the top gainers | 3 | ${(Math.min(...refreshes) / 1000).toFixed(1)}–${(Math.max(...refreshes) / 1000).toFixed(1)} s | | | < 60 s: ${Math.max(...refreshes) < 60_000 ? "pass" : "MISS"} |`,
);
await pool.end();
await db.$disconnect();
