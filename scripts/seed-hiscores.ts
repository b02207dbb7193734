// npm run seed:hiscores -- --players 1000000 [--mixed] [--chunk 100000]
// Generated players for measuring the hiscores at scale (docs/hiscores.md): N accounts named
// g1…gN (no password can log in), each with Overall + 23 skills and a few activity scores
// (about 2.5 a player: clue scrolls, some bosses, PvP kills). By default every player is on
// the regular / regular ladder (the worst case: one ladder of N); --mixed spreads them over
// the game and XP modes like a live server. Runs again after deleting the previous g-players.
// Bulk SQL (generate_series) with the ladder index dropped during the load and rebuilt after;
// then the rank anchors are built and the table analysed. Never run against production data.
import { performance } from "node:perf_hooks";
import pg from "pg";
import { activityByKey } from "../lib/hiscores-layout";
import { XP_FOR_LEVEL } from "../lib/xp";

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const players = Number(arg("players", "100000"));
const chunk = Number(arg("chunk", "100000"));
const mixed = args.includes("--mixed");
if (!Number.isInteger(players) || players < 1 || players > 20_000_000) throw new Error("--players must be a whole number from 1 to 20,000,000");

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set.");
if (process.env.APP_MODE === "production") throw new Error("Refusing to generate players with APP_MODE=production.");

const EMAIL_DOMAIN = "generated.invalid";
const t0 = performance.now();
const say = (m: string) => console.log(`[seed:hiscores] ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${m}`);

// Level thresholds 2..99 for width_bucket: level = 1 + the number of thresholds ≤ xp.
const thresholds = XP_FOR_LEVEL.slice(2);

// Activities a generated player has, with the chance and the highest score (skewed low, so the
// ladders have long runs of ties at small counts, like live ones). Clue scrolls (all) is the
// largest activity ladder: 60% of the players.
const ACTIVITY_MIX: [key: string, chance: number, max: number][] = [
  ["clue_scrolls_all", 0.6, 3000],
  ["barrows_chests", 0.4, 2000],
  ["zulrah", 0.35, 5000],
  ["vorkath", 0.25, 4000],
  ["general_graardor", 0.15, 3000],
  ["tztok_jad", 0.1, 30],
  ["pvp_kills", 0.3, 10000],
  ["pvp_kill_streak", 0.3, 60],
];
const activityIds = ACTIVITY_MIX.map(([key]) => activityByKey(key)!.id);
let activityRows = 0;

const pool = new pg.Pool({ connectionString: url, max: 1 });
const c = await pool.connect();
try {
  await c.query("SET maintenance_work_mem = '512MB'");
  await c.query("SET synchronous_commit = off");
  const removed = await c.query(`DELETE FROM users WHERE "emailKey" LIKE '%@${EMAIL_DOMAIN}'`);
  if (removed.rowCount) say(`removed ${removed.rowCount} players of an earlier run`);

  // The ladder index is rebuilt once at the end: far faster than maintaining it row by row.
  await c.query(`DROP INDEX IF EXISTS hiscore_ladder_idx`);
  for (let from = 1; from <= players; from += chunk) {
    const to = Math.min(players, from + chunk - 1);
    await c.query("BEGIN");
    const ids = await c.query<{ id: number; n: number }>(
      `INSERT INTO users (username, "usernameKey", email, "emailKey", "passwordHash", "joinDate", "updatedAt", "emailVerifiedAt")
       SELECT 'g' || n, 'g' || n, 'g' || n || '@${EMAIL_DOMAIN}', 'g' || n || '@${EMAIL_DOMAIN}', '!unusable',
              now() - random() * interval '900 days', now(), now()
       FROM generate_series($1::int, $2::int) n
       RETURNING id`,
      [from, to],
    );
    const first = ids.rows[0]!.id;
    const last = ids.rows[ids.rows.length - 1]!.id;
    // Per player: a mode, a strength (how far they played) and 23 skills; 15% of skills untouched
    // (0 XP, Hitpoints 1,154) so the ladders have long runs of ties, like live ones.
    await c.query(
      `WITH p AS (
         SELECT id AS "userId",
           CASE WHEN NOT $4 THEN 'REGULAR' ELSE (ARRAY['REGULAR','REGULAR','REGULAR','IRONMAN','HARDCORE_IRONMAN','ULTIMATE_IRONMAN','GROUP_IRONMAN'])[1 + floor(random() * 7)::int] END::"GameMode" AS gm,
           CASE WHEN NOT $4 THEN 'REGULAR' ELSE (ARRAY['REGULAR','REGULAR','REGULAR','X10','X15','X25'])[1 + floor(random() * 6)::int] END::"XpMode" AS xm,
           random() AS strength
         FROM users WHERE id BETWEEN $1 AND $2 AND "emailKey" LIKE '%@${EMAIL_DOMAIN}'
       ), s AS (
         SELECT p."userId", p.gm, p.xm, sk::smallint AS skill,
           CASE WHEN random() < 0.15 THEN CASE WHEN sk = 4 THEN 1154 ELSE 0 END
                ELSE LEAST(200000000, floor(power(random(), 3) * power(p.strength, 2) * 200000000) + CASE WHEN sk = 4 THEN 1154 ELSE 0 END)
           END::bigint AS xp,
           now() - random() * interval '365 days' AS reached
         FROM p CROSS JOIN generate_series(1, 23) sk
       ), staged AS (
         INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
         SELECT "userId", gm, xm, skill, 1 + width_bucket(xp, $3::bigint[]), xp, reached, false FROM s
         RETURNING "userId", "gameMode", "xpMode", level, experience, "reachedAt"
       )
       INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
       SELECT "userId", "gameMode", "xpMode", 0, sum(level), sum(experience), max("reachedAt"), false
       FROM staged GROUP BY "userId", "gameMode", "xpMode"`,
      [first, last, thresholds, mixed],
    );
    // Activity rows on each player's own ladder (read back from their Overall row).
    const acts = await c.query(
      `INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
       SELECT "userId", "gameMode", "xpMode", id, 0, 1 + floor(power(random(), 3) * max)::bigint, now() - random() * interval '365 days', false
       FROM (
         -- The draw is an output of the subquery: a filter on random() alone would be pushed down
         -- to the unnest and decided once for everyone.
         SELECT s."userId", s."gameMode", s."xpMode", a.id, a.chance, a.max, random() AS draw
         FROM hiscore_stats s CROSS JOIN unnest($3::smallint[], $4::float8[], $5::int[]) AS a(id, chance, max)
         WHERE s."userId" BETWEEN $1 AND $2 AND s.skill = 0
       ) pairs
       WHERE draw < chance`,
      [first, last, activityIds, ACTIVITY_MIX.map((m) => m[1]), ACTIVITY_MIX.map((m) => m[2])],
    );
    activityRows += acts.rowCount ?? 0;
    await c.query("COMMIT");
    say(
      `players ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} with 24 skill rows each and ${(acts.rowCount ?? 0).toLocaleString("en-US")} activity rows`,
    );
  }
  await c.query(`CREATE INDEX hiscore_ladder_idx ON hiscore_stats ("gameMode", "xpMode", skill, hidden, score DESC, tiebreak DESC)`);
  say("ladder index rebuilt");
  await c.query("VACUUM ANALYZE hiscore_stats");
  await c.query("ANALYZE users");
  say("vacuumed and analysed (index-only scans need the visibility map)");
} finally {
  c.release();
  await pool.end();
}

// The anchors, through the same code the refresh job runs.
const { refreshAllLadders } = await import("../lib/server/hiscores/refresh-ladders");
const { db } = await import("../lib/server/db");
await refreshAllLadders();
await db.$disconnect();
say(
  `done: ${players.toLocaleString("en-US")} players, ${(players * 24 + activityRows).toLocaleString("en-US")} hiscore rows (${activityRows.toLocaleString("en-US")} of activities), anchors built`,
);
