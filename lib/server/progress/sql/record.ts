import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import type { Tx } from "../../db";

// The writes a push makes to a player's progress, in the push's transaction (the player's row is
// locked by then, so two pushes for one player never interleave here).

export type PriorState = {
  /** Every hiscore_stats row of the player, whatever its ladder: metric → value. */
  values: Map<number, number>;
  /** False until the player's first push since history was kept. */
  started: boolean;
  /** The time of the player's last push, when there was one. */
  lastPushAt: Date | null;
  /** The ladders the player has rows on (the push records a change of each, and of its own). */
  ladders: { gameMode: GameMode; xpMode: XpMode }[];
};

/** The player's values and ladders before the push, read before its writes (one query: the push's only read of them). */
export async function selectPriorState(tx: Tx, userId: number): Promise<PriorState> {
  const rows = await tx.$queryRaw<{ stats: [number, number, GameMode, XpMode][]; lastPushAt: Date | null }[]>`
      SELECT coalesce((SELECT json_agg(json_build_array(skill, experience, "gameMode", "xpMode")) FROM hiscore_stats WHERE "userId" = ${userId}), '[]') AS stats,
             (SELECT "lastPushAt" FROM hiscore_players WHERE "userId" = ${userId}) AS "lastPushAt"`;
  const row = rows[0]!;
  const ladders = new Map(row.stats.map(([, , gameMode, xpMode]) => [`${gameMode}:${xpMode}`, { gameMode, xpMode }]));
  return {
    values: new Map(row.stats.map(([m, v]) => [Number(m), Number(v)])),
    started: row.lastPushAt !== null,
    lastPushAt: row.lastPushAt,
    ladders: [...ladders.values()],
  };
}

export type ProgressWrite = {
  userId: number;
  gameMode: GameMode;
  xpMode: XpMode;
  /** Staff and banned players keep their history but claim no server first. */
  hidden: boolean;
  changes: { metric: number[]; before: number[]; after: number[] };
  achievements: { key: string[]; metric: number[]; threshold: number[]; dated: boolean[] };
  log: {
    kind: string[];
    key: string[];
    metric: (number | null)[];
    value: number[];
    count: number[];
    feed: boolean[];
    first: (string | null)[];
    /** JSON text of what the game reported (a drop's name and rarity), or null. */
    data: (string | null)[];
  };
  collapseMinutes: number;
  /** A hiscores push: the player's history has begun (false for events the game reports on their own). */
  startsHistory: boolean;
  /** When the change happened: the game's time for it, or null for the database's now. */
  at: Date | null;
};

/**
 * One statement: the hour's history rows, the player's history start, new achievements (a tier
 * already held keeps its date), server firsts, and the log entries, each folded into the same
 * key's entry of the last `collapseMinutes` when there is one. An achievement entry is logged
 * only when the achievement is new. Answers the server firsts this push claimed and the
 * achievements it dated (new to the player; one already held, undated or not, is not).
 */
export async function writeProgress(tx: Tx, w: ProgressWrite): Promise<{ firsts: string[]; dated: string[] }> {
  const { changes: c, achievements: a, log: e } = w;
  const rows = await tx.$queryRaw<{ first: boolean; key: string }[]>`
      WITH t0 AS (SELECT coalesce(${w.at}::timestamptz, now()) AS at),
      h AS (
        INSERT INTO hiscore_history ("userId", metric, bucket, "gameMode", "xpMode", "startValue", "endValue")
        SELECT ${w.userId}, c.metric, date_trunc('hour', t0.at, 'UTC'), ${w.gameMode}::"GameMode", ${w.xpMode}::"XpMode", c.before, c.after
        FROM unnest(${c.metric}::smallint[], ${c.before}::bigint[], ${c.after}::bigint[]) AS c(metric, before, after), t0
        ON CONFLICT ("userId", metric, bucket) DO UPDATE
          SET "endValue" = EXCLUDED."endValue", "gameMode" = EXCLUDED."gameMode", "xpMode" = EXCLUDED."xpMode"
        RETURNING 1
      ), p AS (
        INSERT INTO hiscore_players ("userId", "historyFrom", "lastPushAt") SELECT ${w.userId}, t0.at, t0.at FROM t0 WHERE ${w.startsHistory}
        ON CONFLICT ("userId") DO UPDATE SET "lastPushAt" = EXCLUDED."lastPushAt"
        RETURNING 1
      ), a AS (
        INSERT INTO player_achievements ("userId", key, metric, threshold, "reachedAt")
        SELECT ${w.userId}, t.key, t.metric, t.threshold, CASE WHEN t.dated THEN t0.at END
        FROM unnest(${a.key}::text[], ${a.metric}::smallint[], ${a.threshold}::bigint[], ${a.dated}::boolean[]) AS t(key, metric, threshold, dated), t0
        ON CONFLICT DO NOTHING
        RETURNING key, "reachedAt" IS NOT NULL AS dated
      ), ev AS (
        SELECT e.* FROM unnest(${e.kind}::text[], ${e.key}::text[], ${e.metric}::smallint[], ${e.value}::bigint[], ${e.count}::int[],
                               ${e.feed}::boolean[], ${e.first}::text[], ${e.data}::jsonb[]) AS e(kind, key, metric, value, count, feed, first, data)
        WHERE e.kind <> 'achievement' OR substr(e.key, 5) IN (SELECT key FROM a)
      ), f AS (
        INSERT INTO server_firsts (key, "userId", "reachedAt")
        SELECT ev.first, ${w.userId}, t0.at FROM ev, t0 WHERE ev.first IS NOT NULL AND NOT ${w.hidden}
        ON CONFLICT DO NOTHING
        RETURNING key
      ), upd AS (
        UPDATE player_events pe SET value = ev.value, count = pe.count + ev.count, "updatedAt" = t0.at
        FROM ev, t0
        WHERE ev.kind <> 'achievement' AND (ev.first IS NULL OR ev.first NOT IN (SELECT key FROM f))
          AND pe.id = (SELECT x.id FROM player_events x
                       WHERE x."userId" = ${w.userId} AND x.key = ev.key AND NOT x."serverFirst"
                         AND x."updatedAt" > t0.at - ${w.collapseMinutes} * interval '1 minute'
                       ORDER BY x.id DESC LIMIT 1)
        RETURNING ev.key
      ), ins AS (
        INSERT INTO player_events ("userId", kind, key, metric, value, count, feed, "serverFirst", data, "createdAt", "updatedAt")
        SELECT ${w.userId}, ev.kind, ev.key, ev.metric, ev.value, ev.count,
               ev.feed OR coalesce(ev.first IN (SELECT key FROM f), false), coalesce(ev.first IN (SELECT key FROM f), false), ev.data, t0.at, t0.at
        FROM ev, t0 WHERE ev.key NOT IN (SELECT key FROM upd)
        RETURNING 1
      )
      SELECT true AS first, key FROM f UNION ALL SELECT false, key FROM a WHERE dated`;
  return { firsts: rows.filter((r) => r.first).map((r) => r.key), dated: rows.filter((r) => !r.first).map((r) => r.key) };
}

/** Values the push lowered (a rollback in the game): kept as resets. */
export async function insertResets(tx: Tx, userId: number, resets: { metric: number; before: number; after: number }[], at: Date | null): Promise<void> {
  await tx.$executeRaw`
      INSERT INTO hiscore_resets ("userId", metric, "fromValue", "toValue", at)
      SELECT ${userId}, r.metric, r.before, r.after, coalesce(${at}::timestamptz, now())
      FROM unnest(${resets.map((r) => r.metric)}::smallint[], ${resets.map((r) => r.before)}::bigint[], ${resets.map((r) => r.after)}::bigint[]) AS r(metric, before, after)`;
}
