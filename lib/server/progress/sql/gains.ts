import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { db, Prisma, type Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// Gains read from the history (docs/progress.md): a window's start value is the start of its
// first row (rows chain, so that is the value the metric had when the window began), its end the
// value now. A metric with no row in the window gained nothing.

/** A visible player (on the hiscores: not staff, not banned) by username key. */
export type ProgressPlayer = { id: number; username: string; gameMode: GameMode; xpMode: XpMode };

export async function selectProgressPlayer(key: string): Promise<ProgressPlayer | null> {
  const rows = await db.$queryRaw<ProgressPlayer[]>`
      SELECT u.id, u.username, s."gameMode", s."xpMode"
      FROM users u JOIN hiscore_stats s ON s."userId" = u.id AND s.skill = 0
      WHERE u."usernameKey" = ${key} AND NOT s.hidden`;
  return rows[0] ?? null;
}

export type GainRow = { metric: number; endValue: bigint; startValue: bigint | null };

/** Every metric the player has now, with the start of its first history row in the window (null: none). */
export async function selectPlayerGains(userId: number, from: Date): Promise<GainRow[]> {
  return db.$queryRaw<GainRow[]>`
      SELECT s.skill AS metric, s.experience AS "endValue", f."startValue"
      FROM hiscore_stats s
      LEFT JOIN LATERAL (
        SELECT h."startValue" FROM hiscore_history h
        WHERE h."userId" = s."userId" AND h.metric = s.skill AND h.bucket >= ${from}
        ORDER BY h.bucket LIMIT 1
      ) f ON true
      WHERE s."userId" = ${userId}
      ORDER BY s.skill`;
}

export type SeriesRow = { bucket: Date; startValue: bigint; endValue: bigint };

/** One metric's rows in the window, oldest first. */
export async function selectSeries(userId: number, metric: number, from: Date): Promise<SeriesRow[]> {
  return db.$queryRaw<SeriesRow[]>`
      SELECT bucket, "startValue", "endValue" FROM hiscore_history
      WHERE "userId" = ${userId} AND metric = ${metric} AND bucket >= ${from}
      ORDER BY bucket`;
}

/** The value a metric had before the window (the last row before it), when there is one. */
export async function selectValueBefore(userId: number, metric: number, from: Date): Promise<bigint | null> {
  const rows = await db.$queryRaw<{ endValue: bigint }[]>`
      SELECT "endValue" FROM hiscore_history
      WHERE "userId" = ${userId} AND metric = ${metric} AND bucket < ${from}
      ORDER BY bucket DESC LIMIT 1`;
  return rows[0]?.endValue ?? null;
}

/**
 * Replaces the top gainers of every period at once: for each period, ladder and metric, the
 * `keep` visible players who gained most since the period's start, ties to whoever reached their
 * value first. Run in one transaction: readers see the old or the new lists.
 *
 * One pass over the longest window's history rows: since rows chain (each starts where the one
 * before it ended), the gain over a window is the sum of its rows' end − start, the same as the
 * value now minus the start of the window's first row that a single player's gains read, without
 * an index probe per player and metric; each period sums the rows of its own window (FILTER).
 * Rows after the present are never written; the upper bound lets the planner skip the months
 * made ahead. Not parallel: a parallel plan would build the sums once in every worker.
 */
export async function replaceTopGains(tx: Tx, periods: readonly { period: string; from: Date }[], keep: number): Promise<number> {
  if (periods.length === 0) return 0;
  const earliest = new Date(Math.min(...periods.map((p) => p.from.getTime())));
  const sums = Prisma.join(
    periods.map((p, i) => Prisma.sql`sum(h."endValue" - h."startValue") FILTER (WHERE h.bucket >= ${p.from})::bigint AS ${Prisma.raw(`g${i}`)}`),
  );
  const pick = Prisma.join(periods.map((_, i) => Prisma.sql`(${i}::smallint, d.${Prisma.raw(`g${i}`)})`));
  await tx.$executeRaw`SET LOCAL max_parallel_workers_per_gather = 0`;
  await tx.$executeRaw`DELETE FROM hiscore_top_gains WHERE period = ANY(${periods.map((p) => p.period)}::text[])`;
  // The player's row is found through its key (LIMIT 1 keeps it a lookup per gain, not a scan of
  // every hiscore row); periods are sorted by their index, not their name.
  return tx.$executeRaw`
      INSERT INTO hiscore_top_gains (period, "gameMode", "xpMode", metric, rank, "userId", "startValue", "endValue", gained)
      SELECT (${periods.map((p) => p.period)}::text[])[g.i + 1], g."gameMode", g."xpMode", g.metric, g.rank, g."userId", g."endValue" - g.gained, g."endValue", g.gained
      FROM (
        SELECT x.i, s."gameMode", s."xpMode", d.metric, d."userId", s.experience AS "endValue", x.gained,
               row_number() OVER (PARTITION BY x.i, s."gameMode", s."xpMode", d.metric ORDER BY x.gained DESC, s."reachedAt", d."userId") AS rank
        FROM (
          SELECT h."userId", h.metric, ${sums}
          FROM hiscore_history h
          WHERE h.bucket >= ${earliest} AND h.bucket <= now()
          GROUP BY h."userId", h.metric
        ) d
        CROSS JOIN LATERAL (VALUES ${pick}) AS x(i, gained)
        CROSS JOIN LATERAL (
          SELECT s."gameMode", s."xpMode", s.experience, s."reachedAt" FROM hiscore_stats s
          WHERE s."userId" = d."userId" AND s.skill = d.metric AND NOT s.hidden LIMIT 1
        ) s
        WHERE x.gained > 0
      ) g
      WHERE g.rank <= ${keep}`;
}

export type TopGainRow = { rank: number; userId: number; username: string; startValue: bigint; endValue: bigint; gained: bigint };

/** A page of a period's top gainers; players banned or made staff since the refresh are left out. */
export async function selectTopGains(period: string, gameMode: GameMode, xpMode: XpMode, metric: number, offset: number, limit: number): Promise<TopGainRow[]> {
  return db.$queryRaw<TopGainRow[]>`
      SELECT t.rank, t."userId", u.username, t."startValue", t."endValue", t.gained
      FROM hiscore_top_gains t JOIN users u ON u.id = t."userId"
      WHERE t.period = ${period} AND t."gameMode" = ${gameMode}::"GameMode" AND t."xpMode" = ${xpMode}::"XpMode" AND t.metric = ${metric}
        AND u.privilege = 'PLAYER' AND NOT ${BANNED_NOW}
      ORDER BY t.rank OFFSET ${offset} LIMIT ${limit}`;
}

/**
 * The records a finished hour may have set: for each row of that hour and each period, the gain
 * over the period's window ending with the hour. A record is replaced only by a greater gain.
 */
export async function updateRecordsForHour(tx: Tx, hour: Date, periods: { period: string; from: Date }[]): Promise<number> {
  return tx.$executeRaw`
      INSERT INTO hiscore_records ("userId", period, metric, gained, "fromAt", "toAt")
      SELECT h."userId", p.period, h.metric, h."endValue" - f."startValue", p."from", ${hour}::timestamptz + interval '1 hour'
      FROM hiscore_history h
      CROSS JOIN unnest(${periods.map((p) => p.period)}::text[], ${periods.map((p) => p.from)}::timestamptz[]) AS p(period, "from")
      CROSS JOIN LATERAL (
        SELECT x."startValue", x.bucket FROM hiscore_history x
        WHERE x."userId" = h."userId" AND x.metric = h.metric AND x.bucket >= p."from"
        ORDER BY x.bucket LIMIT 1
      ) f
      WHERE h.bucket = ${hour} AND h."endValue" > f."startValue"
      ON CONFLICT ("userId", period, metric) DO UPDATE
        SET gained = EXCLUDED.gained, "fromAt" = EXCLUDED."fromAt", "toAt" = EXCLUDED."toAt", "updatedAt" = now()
        WHERE EXCLUDED.gained > hiscore_records.gained`;
}

export type RecordRow = { userId: number; username: string; gained: bigint; fromAt: Date; toAt: Date };

/** A page of the records board of a period and metric, players of one ladder only. */
export async function selectRecords(period: string, metric: number, gameMode: GameMode, xpMode: XpMode, offset: number, limit: number): Promise<RecordRow[]> {
  return db.$queryRaw<RecordRow[]>`
      SELECT r."userId", u.username, r.gained, r."fromAt", r."toAt"
      FROM hiscore_records r
      JOIN hiscore_stats s ON s."userId" = r."userId" AND s.skill = 0
      JOIN users u ON u.id = r."userId"
      WHERE r.period = ${period} AND r.metric = ${metric}
        AND s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND NOT s.hidden
      ORDER BY r.gained DESC, r."toAt", r."userId"
      OFFSET ${offset} LIMIT ${limit}`;
}

export type PlayerRecordRow = { period: string; metric: number; gained: bigint; fromAt: Date; toAt: Date };

export async function selectPlayerRecords(userId: number): Promise<PlayerRecordRow[]> {
  return db.$queryRaw<PlayerRecordRow[]>`
      SELECT period, metric, gained, "fromAt", "toAt" FROM hiscore_records WHERE "userId" = ${userId} ORDER BY metric, period`;
}
