// npm run bench:hiscores — the hiscores at scale (docs/hiscores.md). Needs a database
// filled by `npm run seed:hiscores -- --players 1000000` in BENCH_DATABASE_URL (or DATABASE_URL).
// Reports p50/p95/p99 server time of page 1, a middle page and the last page of the largest
// ladder (Overall, Attack and the largest activity ladder, Clue Scrolls (all)), a player lookup
// (24 skill ranks plus the player's activity ranks) and a push of one player's update,
// each through the app's own code (Prisma) and the same SQL sent with plain `pg` (the baseline);
// then the naive queries for reference, and how long a pushed update takes to be ranked exactly.
// BENCH_ITERATIONS (default 300) per case. Pushes change the data: use a scratch database.
import { performance } from "node:perf_hooks";
import pg from "pg";

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("Set BENCH_DATABASE_URL to a database filled by npm run seed:hiscores.");
process.env.DATABASE_URL = url;
process.env.LOG_LEVEL = "silent";
const N = Number(process.env.BENCH_ITERATIONS ?? 300);
/** BENCH_ONLY=player: only the player lookups (after changing that query). */
const ONLY = process.env.BENCH_ONLY;

const { db } = await import("../../lib/server/db");
const { listHiscores } = await import("../../lib/server/hiscores/list-hiscores");
const { findPlayerHiscores } = await import("../../lib/server/hiscores/get-player-hiscores");
const { refreshLadder } = await import("../../lib/server/hiscores/refresh-ladders");
const { REFRESH_DELAY_MS } = await import("../../lib/server/hiscores/mark-ladders-dirty");
const { pushHiscores } = await import("../../lib/server/game/push-hiscores");
const { HISCORES_PAGE_SIZE } = await import("../../lib/hiscores");
const { SKILLS } = await import("../../lib/skills");
const { activityByKey } = await import("../../lib/hiscores-layout");

const pool = new pg.Pool({ connectionString: url, max: 2 });
const MAX_KEY = "9223372036854775807";

// The app's queries as plain SQL (lib/server/hiscores/list-hiscores.ts, get-player-hiscores.ts).
const LIST_SQL = `
  WITH a AS (SELECT position, score, tiebreak FROM hiscore_anchors
    WHERE "gameMode" = 'REGULAR' AND "xpMode" = 'REGULAR' AND skill = $1::smallint AND position <= $2 ORDER BY position DESC LIMIT 1),
  p AS (SELECT s."userId", s.level, s.experience, s.score, s.tiebreak FROM hiscore_stats s
    WHERE s."gameMode" = 'REGULAR' AND s."xpMode" = 'REGULAR' AND s.skill = $1::smallint AND NOT s.hidden
      AND (s.score, s.tiebreak) <= (COALESCE((SELECT score FROM a), ${MAX_KEY}), COALESCE((SELECT tiebreak FROM a), ${MAX_KEY}))
    ORDER BY s.score DESC, s.tiebreak DESC OFFSET $2::int - COALESCE((SELECT position FROM a), 0) LIMIT ${HISCORES_PAGE_SIZE + 1})
  SELECT p."userId", u.username, p.level, p.experience FROM p JOIN users u ON u.id = p."userId" ORDER BY p.score DESC, p.tiebreak DESC`;
const PLAYER_SQL = `
  SELECT u.id, s.skill, s.level, s.experience,
    COALESCE(a.position, 0) + 1
    + (SELECT count(*) FROM hiscore_stats r WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
         AND r.score > s.score AND r.score < COALESCE(a.score, ${MAX_KEY}))
    + (SELECT count(*) FROM hiscore_stats r WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
         AND r.score = a.score AND a.score <> s.score AND r.tiebreak <= a.tiebreak)
    + (SELECT count(*) FROM hiscore_stats r WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
         AND r.score = s.score AND r.tiebreak > s.tiebreak
         AND r.tiebreak <= CASE WHEN a.score = s.score THEN a.tiebreak ELSE ${MAX_KEY} END) AS rank
  FROM users u JOIN hiscore_stats s ON s."userId" = u.id AND NOT s.hidden
  LEFT JOIN LATERAL (SELECT x.position, x.score, x.tiebreak FROM hiscore_anchors x
    WHERE x."gameMode" = s."gameMode" AND x."xpMode" = s."xpMode" AND x.skill = s.skill AND (x.score, x.tiebreak) >= (s.score, s.tiebreak)
    ORDER BY x.score, x.tiebreak LIMIT 1) a ON true
  WHERE u."usernameKey" = $1 ORDER BY s.skill`;

type Row = { name: string; p50: number; p95: number; p99: number; n: number };
const rows: Row[] = [];
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function bench(name: string, n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(20, n); i++) await fn(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const r = { name, n, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
  rows.push(r);
  console.log(
    `${name.padEnd(58)} n=${String(n).padStart(4)}  p50 ${r.p50.toFixed(2).padStart(8)} ms  p95 ${r.p95.toFixed(2).padStart(8)} ms  p99 ${r.p99.toFixed(2).padStart(8)} ms`,
  );
}

const ladder = await db.hiscoreLadder.findUniqueOrThrow({ where: { gameMode_xpMode: { gameMode: "REGULAR", xpMode: "REGULAR" } } });
const players = ladder.players;
const lastPage = Math.max(1, Math.ceil(players / HISCORES_PAGE_SIZE));
const mid = Math.floor(lastPage / 2);
const sample = await db.$queryRaw<{ id: number; username: string }[]>`
  SELECT id, username FROM users WHERE "emailKey" LIKE '%@generated.invalid' ORDER BY random() LIMIT 2000`;
if (sample.length === 0) throw new Error("No generated players: run npm run seed:hiscores first.");
const pick = (i: number) => sample[(i * 7919) % sample.length]!;
const midPage = (i: number) => mid - 200 + ((i * 37) % 400);
console.log(`Ladder regular/regular: ${players.toLocaleString("en-US")} players, ${lastPage.toLocaleString("en-US")} pages; middle ≈ ${mid}`);

// The largest activity ladder of the seed (60% of the players): its own length and pages.
const CLUES = activityByKey("clue_scrolls_all")!.id;
const [{ n: clueRows }] = (
  await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM hiscore_stats WHERE "gameMode"='REGULAR' AND "xpMode"='REGULAR' AND skill=$1 AND NOT hidden`,
    [CLUES],
  )
).rows as [{ n: number }];
const clueLast = Math.max(1, Math.ceil(clueRows / HISCORES_PAGE_SIZE));
const clueMid = Math.max(1, Math.floor(clueLast / 2));
const [{ n: activityRows }] = (
  await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM hiscore_stats WHERE "gameMode"='REGULAR' AND "xpMode"='REGULAR' AND skill >= 100`)
).rows as [{ n: number }];
console.log(
  `Clue Scrolls (all): ${clueRows.toLocaleString("en-US")} players, ${clueLast.toLocaleString("en-US")} pages; ${activityRows.toLocaleString("en-US")} activity rows in all (${(activityRows / players).toFixed(2)} a player)\n`,
);

const LADDERS = [
  { skill: 0, label: "Overall", last: lastPage, middle: midPage },
  { skill: 1, label: "Attack", last: lastPage, middle: midPage },
  { skill: CLUES, label: "Clue Scrolls (all)", last: clueLast, middle: (i: number) => Math.max(1, clueMid - 200 + ((i * 37) % 400)) },
];
for (const { skill, label, last, middle } of ONLY === "player" ? [] : LADDERS) {
  await bench(`${label} page 1 (app)`, N, () => listHiscores({ skill, mode: "regular", xp: "regular", page: 1 }));
  await bench(`${label} page 1 (pg baseline)`, N, () => pool.query(LIST_SQL, [skill, 0]));
  await bench(`${label} middle page (app)`, N, (i) => listHiscores({ skill, mode: "regular", xp: "regular", page: middle(i) }));
  await bench(`${label} middle page (pg baseline)`, N, (i) => pool.query(LIST_SQL, [skill, (middle(i) - 1) * HISCORES_PAGE_SIZE]));
  await bench(`${label} last page (app)`, N, () => listHiscores({ skill, mode: "regular", xp: "regular", page: last }));
  await bench(`${label} last page (pg baseline)`, N, () => pool.query(LIST_SQL, [skill, (last - 1) * HISCORES_PAGE_SIZE]));
}
await bench("player lookup, 24 ranks + activities (app)", N, (i) => findPlayerHiscores(pick(i).username));
await bench("player lookup, 24 ranks + activities (pg baseline)", N, (i) => pool.query(PLAYER_SQL, [pick(i).username.toLowerCase()]));

// Naive queries on the same data, for reference (a few runs: they are slow).
const naive = Math.min(10, N);
await bench("reference: middle page by OFFSET (pg)", naive, (i) =>
  pool.query(
    `SELECT "userId" FROM hiscore_stats WHERE "gameMode"='REGULAR' AND "xpMode"='REGULAR' AND skill=0 AND NOT hidden ORDER BY score DESC, tiebreak DESC OFFSET $1 LIMIT 25`,
    [(midPage(i) - 1) * 25],
  ),
);
await bench("reference: one rank by COUNT (pg)", naive, (i) =>
  pool.query(
    `SELECT count(*) FROM hiscore_stats r, hiscore_stats s WHERE s."userId" = $1 AND s.skill = 0 AND r."gameMode"=s."gameMode" AND r."xpMode"=s."xpMode" AND r.skill=0 AND NOT r.hidden AND (r.score, r.tiebreak) > (s.score, s.tiebreak)`,
    [pick(i).id],
  ),
);

// Pushes: one player's 23 skills and three activity scores (levels, Overall, ladder version,
// the refresh job) per call.
const xpFor = (i: number) => SKILLS.map((_, s) => ((i * 104729 + s * 7919) % 50_000_000) + 1000);
const actsFor = (i: number) => ({ clue_scrolls_all: (i * 7) % 3000, zulrah: (i * 13) % 5000, pvp_kills: (i * 31) % 10000 });
await bench("push one player's update (app)", N, (i) => pushHiscores({ player_id: pick(i).id, experience: xpFor(i), activities: actsFor(i) }));

// How a pushed update becomes visible: at once in the player's row, order and nearby counts;
// exact ranks everywhere after the refresh job (REFRESH_DELAY_MS after the first push) has run.
const mover = pick(12345);
const t = performance.now();
await pushHiscores({ player_id: mover.id, experience: SKILLS.map(() => 199_000_000) });
const after = await findPlayerHiscores(mover.username);
const pushMs = performance.now() - t;
const top = await listHiscores({ skill: 1, mode: "regular", xp: "regular", page: 1 });
const onTop = top.results.some((e) => e.id === mover.id);
const refresh = await refreshLadder({ gameMode: "REGULAR", xpMode: "REGULAR" });
console.log(
  `\nVisibility: push + lookup ${pushMs.toFixed(1)} ms → Attack rank ${after?.results[1]?.rank} (on Attack page 1: ${onTop}); ` +
    `refresh of the ladder (24 skills and its activities, ${refresh.players.toLocaleString("en-US")} players) ${refresh.ms} ms; ` +
    `exact everywhere within ${((REFRESH_DELAY_MS + refresh.ms) / 1000).toFixed(1)} s of the push`,
);

console.log("\n| query | n | p50 | p95 | p99 |\n| --- | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(`| ${r.name} | ${r.n} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.p99.toFixed(2)} ms |`);
const reads = rows.filter((r) => /\(app\)$/.test(r.name) && !/push/.test(r.name));
const worst = Math.max(...reads.map((r) => r.p95));
console.log(`\nTarget p95 < 10 ms for every read: worst ${worst.toFixed(2)} ms → ${worst < 10 ? "pass" : "MISS"}`);
await pool.end();
await db.$disconnect();
