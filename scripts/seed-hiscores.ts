// npm run seed:hiscores -- --players 1000000 [--mixed] [--chunk 100000] [--active 50000 [--days 31] [--competition 10000]]
// Generated players for measuring the hiscores at scale (docs/hiscores.md): N accounts named
// g1…gN (no password can log in), each with Overall + 23 skills and a few activity scores
// (about 2.5 a player: clue scrolls, some bosses, PvP kills). By default every player is on
// the regular / regular ladder (the worst case: one ladder of N); --mixed spreads them over
// the game and XP modes like a live server. Runs again after deleting the previous g-players.
// Bulk SQL (generate_series) with the ladder index dropped during the load and rebuilt after;
// then the rank anchors are built and the table analysed. Never run against production data.
// --active N also writes progress history (docs/progress.md): N players spread over the ladder
// played during the last --days days (a session of 1–3 hours on 40% of the days, 4 skills and
// now and then an activity each hour), chained so every row ends where the next begins and the
// last ends at the player's value now; everyone else last changed before history began.
// --competition M then adds a running competition (Overall, a week in, a week to go) whose
// participants are M of the active players, with baselines read from that history.
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
const active = Number(arg("active", "0"));
const days = Number(arg("days", "31"));
const competitionSize = Number(arg("competition", "0"));
if (!Number.isInteger(active) || active < 0 || active > players) throw new Error("--active must be a whole number from 0 to --players");
if (!Number.isInteger(days) || days < 1 || days > 80) throw new Error("--days must be a whole number from 1 to 80 (the hourly history is kept 90 days)");
if (!Number.isInteger(competitionSize) || competitionSize < 0 || competitionSize > active)
  throw new Error("--competition must be a whole number from 0 to --active");
/** With history, what nobody played since it began last changed before it began. */
const quietDays = active > 0 ? days + 1 : 0;
if (!Number.isInteger(players) || players < 1 || players > 20_000_000) throw new Error("--players must be a whole number from 1 to 20,000,000");

const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is not set.");
if (process.env.APP_MODE === "production") throw new Error("Refusing to generate players with APP_MODE=production.");

const EMAIL_DOMAIN = "generated.invalid";
/** The title of the competition --competition makes (scripts/bench/progress.ts finds it by it). */
const BENCH_COMPETITION = "Bench: Overall race";
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
let historyRows = 0;

const pool = new pg.Pool({ connectionString: url, max: 1 });
const c = await pool.connect();
try {
  await c.query("SET maintenance_work_mem = '512MB'");
  await c.query("SET synchronous_commit = off");
  await c.query(`DELETE FROM competitions WHERE title LIKE '${BENCH_COMPETITION}%'`);
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
           now() - $5::int * interval '1 day' - random() * interval '365 days' AS reached
         FROM p CROSS JOIN generate_series(1, 23) sk
       ), staged AS (
         INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
         SELECT "userId", gm, xm, skill, 1 + width_bucket(xp, $3::bigint[]), xp, reached, false FROM s
         RETURNING "userId", "gameMode", "xpMode", level, experience, "reachedAt"
       )
       INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
       SELECT "userId", "gameMode", "xpMode", 0, sum(level), sum(experience), max("reachedAt"), false
       FROM staged GROUP BY "userId", "gameMode", "xpMode"`,
      [first, last, thresholds, mixed, quietDays],
    );
    // Activity rows on each player's own ladder (read back from their Overall row).
    const acts = await c.query(
      `INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
       SELECT "userId", "gameMode", "xpMode", id, 0, 1 + floor(power(random(), 3) * max)::bigint, now() - $6::int * interval '1 day' - random() * interval '365 days', false
       FROM (
         -- The draw is an output of the subquery: a filter on random() alone would be pushed down
         -- to the unnest and decided once for everyone.
         SELECT s."userId", s."gameMode", s."xpMode", a.id, a.chance, a.max, random() AS draw
         FROM hiscore_stats s CROSS JOIN unnest($3::smallint[], $4::float8[], $5::int[]) AS a(id, chance, max)
         WHERE s."userId" BETWEEN $1 AND $2 AND s.skill = 0
       ) pairs
       WHERE draw < chance`,
      [first, last, activityIds, ACTIVITY_MIX.map((m) => m[1]), ACTIVITY_MIX.map((m) => m[2]), quietDays],
    );
    activityRows += acts.rowCount ?? 0;
    await c.query("COMMIT");
    say(
      `players ${from.toLocaleString("en-US")}–${to.toLocaleString("en-US")} with 24 skill rows each and ${(acts.rowCount ?? 0).toLocaleString("en-US")} activity rows`,
    );
  }
  if (active > 0) await seedHistory(c);
  await c.query(`CREATE INDEX hiscore_ladder_idx ON hiscore_stats ("gameMode", "xpMode", skill, hidden, score DESC, tiebreak DESC)`);
  say("ladder index rebuilt");
  await c.query("VACUUM ANALYZE hiscore_stats");
  await c.query("ANALYZE users");
  say("vacuumed and analysed (index-only scans need the visibility map)");
} finally {
  c.release();
  await pool.end();
}

/**
 * Progress history for `active` players spread over the ladder (every players/active-th one), in
 * chunks: the hours each played, the gains of those hours chained back from the value now, the
 * Overall rows summed from the skills, each changed row's reachedAt, and hiscore_players.
 */
async function seedHistory(c: pg.PoolClient) {
  await c.query(`DROP TABLE IF EXISTS seed_active`);
  await c.query(
    `CREATE TEMP TABLE seed_active AS
     SELECT s."userId", s."gameMode", s."xpMode" FROM (
       SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users WHERE "emailKey" LIKE '%@${EMAIL_DOMAIN}'
     ) u JOIN hiscore_stats s ON s."userId" = u.id AND s.skill = 0
     WHERE u.rn % $1 = 0 ORDER BY u.id LIMIT $2`,
    [Math.max(1, Math.floor(players / active)), active],
  );
  const ids = (await c.query<{ userId: number }>(`SELECT "userId" FROM seed_active ORDER BY "userId"`)).rows.map((r) => r.userId);
  let rows = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    await c.query("BEGIN");
    // Hours played: on 40% of the days a session of 1–3 hours; each hour 4 skill draws (a skill
    // drawn twice gains twice) and, for each activity the player has, a 20% chance of a few kills.
    const gained = await c.query(
      `INSERT INTO hiscore_history ("userId", metric, bucket, "gameMode", "xpMode", "startValue", "endValue")
       WITH sess AS (
         SELECT "userId", d, h0, len FROM (
           SELECT a."userId", d, floor(random() * 22)::int AS h0, 1 + floor(random() * 3)::int AS len, random() AS draw
           FROM seed_active a CROSS JOIN generate_series(0, $2::int - 1) d WHERE a."userId" = ANY($1::int[])
         ) x WHERE draw < 0.4
       ), hours AS (
         SELECT "userId", date_trunc('day', now()) - d * interval '1 day' + (h0 + k) * interval '1 hour' AS bucket
         FROM sess CROSS JOIN LATERAL generate_series(0, len - 1) k
       ), draws AS (
         SELECT h."userId", h.bucket, (1 + floor(random() * 23))::smallint AS metric, floor(random() * random() * 400000)::bigint AS g
         FROM hours h CROSS JOIN generate_series(1, 4)
         WHERE h.bucket <= date_trunc('hour', now()) AND h.bucket > now() - $2::int * interval '1 day'
         UNION ALL
         SELECT "userId", bucket, skill, g FROM (
           SELECT h."userId", h.bucket, s.skill, 1 + floor(random() * 15)::bigint AS g, random() AS draw
           FROM hours h JOIN hiscore_stats s ON s."userId" = h."userId" AND s.skill >= 100
           WHERE h.bucket <= date_trunc('hour', now()) AND h.bucket > now() - $2::int * interval '1 day'
         ) x WHERE draw < 0.2
       ), g AS (
         SELECT "userId", metric, bucket, sum(g)::bigint AS g FROM draws GROUP BY 1, 2, 3
       ), chained AS (
         SELECT g."userId", g.metric, g.bucket, s."gameMode", s."xpMode",
                GREATEST(0, s.experience - coalesce(sum(g.g) OVER w, 0)) AS en,
                GREATEST(0, s.experience - coalesce(sum(g.g) OVER w, 0) - g.g) AS st
         FROM g JOIN hiscore_stats s ON s."userId" = g."userId" AND s.skill = g.metric
         WINDOW w AS (PARTITION BY g."userId", g.metric ORDER BY g.bucket DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
       )
       SELECT "userId", metric, bucket, "gameMode", "xpMode", st, en FROM chained WHERE en > st`,
      [part, days],
    );
    // Overall: each hour's skill gains summed, chained back from the Overall value now.
    const overall = await c.query(
      `INSERT INTO hiscore_history ("userId", metric, bucket, "gameMode", "xpMode", "startValue", "endValue")
       SELECT "userId", 0, bucket, "gameMode", "xpMode", GREATEST(0, en - g), en FROM (
         SELECT h."userId", h.bucket, s."gameMode", s."xpMode", h.g,
                GREATEST(0, s.experience - coalesce(sum(h.g) OVER (PARTITION BY h."userId" ORDER BY h.bucket DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)) AS en
         FROM (SELECT "userId", bucket, sum("endValue" - "startValue")::bigint AS g FROM hiscore_history
               WHERE "userId" = ANY($1::int[]) AND metric BETWEEN 1 AND 23 GROUP BY 1, 2) h
         JOIN hiscore_stats s ON s."userId" = h."userId" AND s.skill = 0
       ) x WHERE en > GREATEST(0, en - g)`,
      [part],
    );
    // What changed was reached within its last hour; the players' history began --days ago.
    await c.query(
      `UPDATE hiscore_stats s SET "reachedAt" = LEAST(now(), l.last + random() * interval '50 minutes')
       FROM (SELECT "userId", metric, max(bucket) AS last FROM hiscore_history WHERE "userId" = ANY($1::int[]) GROUP BY 1, 2) l
       WHERE s."userId" = l."userId" AND s.skill = l.metric`,
      [part],
    );
    await c.query(
      `INSERT INTO hiscore_players ("userId", "historyFrom", "lastPushAt")
       SELECT a."userId", now() - $2::int * interval '1 day', coalesce((SELECT max(bucket) FROM hiscore_history h WHERE h."userId" = a."userId"), now() - $2::int * interval '1 day')
       FROM seed_active a WHERE a."userId" = ANY($1::int[])`,
      [part, days],
    );
    await c.query("COMMIT");
    rows += (gained.rowCount ?? 0) + (overall.rowCount ?? 0);
    say(`history: ${(i + part.length).toLocaleString("en-US")} of ${ids.length.toLocaleString("en-US")} active players, ${rows.toLocaleString("en-US")} rows`);
  }
  historyRows = rows;
  if (competitionSize > 0) {
    // A running Overall race, a week in: baselines are the values at its start, read from the
    // history like a late sign-up's (the start of the first row since, or the value now).
    await c.query("BEGIN");
    const comp = await c.query<{ id: number; startsAt: Date }>(
      `INSERT INTO competitions (title, "startsAt", "endsAt", "metricKind", type, signup, "updatedAt")
       VALUES ($1, date_trunc('hour', now()) - interval '7 days', date_trunc('hour', now()) + interval '7 days', 'SKILLS', 'CLASSIC', 'OPEN', now())
       RETURNING id, "startsAt"`,
      [`${BENCH_COMPETITION}, ${competitionSize.toLocaleString("en-US")} players`],
    );
    const { id, startsAt } = comp.rows[0]!;
    await c.query(`INSERT INTO competition_metrics ("competitionId", metric, weight) VALUES ($1, 0, 1)`, [id]);
    await c.query(
      `CREATE TEMP TABLE seed_race AS
       SELECT a."userId", s.experience AS current, s."reachedAt",
              coalesce((SELECT h."startValue" FROM hiscore_history h WHERE h."userId" = a."userId" AND h.metric = 0 AND h.bucket >= $2 ORDER BY h.bucket LIMIT 1), s.experience) AS baseline
       FROM (SELECT "userId" FROM seed_active ORDER BY "userId" LIMIT $1) a
       JOIN hiscore_stats s ON s."userId" = a."userId" AND s.skill = 0`,
      [competitionSize, startsAt],
    );
    await c.query(
      `INSERT INTO competition_participants ("competitionId", "userId", score, "reachedAt", "joinedAt")
       SELECT $1, "userId", GREATEST(0, current - baseline), "reachedAt", $2 FROM seed_race`,
      [id, startsAt],
    );
    await c.query(
      `INSERT INTO competition_progress ("competitionId", "userId", metric, baseline, current) SELECT $1, "userId", 0, baseline, current FROM seed_race`,
      [id],
    );
    await c.query("DROP TABLE seed_race");
    await c.query("COMMIT");
    say(`competition ${id}: ${competitionSize.toLocaleString("en-US")} participants`);
  }
  await c.query("ANALYZE hiscore_history");
  await c.query("ANALYZE competition_participants");
}

// The anchors, through the same code the refresh job runs.
const { refreshAllLadders } = await import("../lib/server/hiscores/refresh-ladders");
const { db } = await import("../lib/server/db");
await refreshAllLadders();
if (active > 0) {
  // The records of every hour of the history, through the records job's own code (it reads each
  // finished hour once, 48 an run).
  const { updateRecords } = await import("../lib/server/progress/refresh-gains");
  const t = performance.now();
  let hours = 0;
  for (let n = await updateRecords(); n > 0; n = await updateRecords()) hours += n;
  say(
    `records: ${hours} hours read in ${((performance.now() - t) / 1000).toFixed(1)} s (${((performance.now() - t) / Math.max(1, hours)).toFixed(0)} ms an hour)`,
  );
}
await db.$disconnect();
say(
  `done: ${players.toLocaleString("en-US")} players, ${(players * 24 + activityRows).toLocaleString("en-US")} hiscore rows (${activityRows.toLocaleString("en-US")} of activities), ${historyRows.toLocaleString("en-US")} history rows, anchors built`,
);
