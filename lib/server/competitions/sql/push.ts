import "server-only";
import type { Tx } from "../../db";

// What a push from the game does to the competitions it counts for, in the push's transaction
// (the player's row is locked by then: two pushes for one player never interleave here).

export type LiveCompetitionRow = { id: number; startsAt: Date; endsAt: Date; metrics: number[] };

/**
 * The competitions that may be running: not ended, cancelled or past their end. Read by each app
 * process every few seconds (running-cache.ts), never per push.
 */
export async function selectLiveCompetitions(client: Pick<Tx, "$queryRaw">): Promise<LiveCompetitionRow[]> {
  return client.$queryRaw<LiveCompetitionRow[]>`
      SELECT c.id, c."startsAt", c."endsAt", coalesce(array_agg(m.metric::int) FILTER (WHERE m.metric IS NOT NULL), '{}') AS metrics
      FROM competitions c LEFT JOIN competition_metrics m ON m."competitionId" = c.id
      WHERE c."cancelledAt" IS NULL AND c."endedAt" IS NULL AND c."endsAt" > now() - interval '5 minutes'
      GROUP BY c.id`;
}

export type MetricChanges = { metric: number[]; before: number[]; after: number[] };

/**
 * One statement. Among `candidates`, the competitions running at the push's time (its `at`, or the database's clock) that count
 * this player (every player in an `everyone` one, signed-up players in an `open` one) and count a
 * metric the push moved:
 * - each moved metric's row gets its current value, and its baseline the value before this push
 *   when the row is new (the player's first move of that metric since the start: no push came in
 *   between, so that was the value at the start), else keeps it;
 * - the score is Σ weight × max(0, current − baseline) over the metric rows (moved ones as just
 *   written, the others as they were), written with reachedAt = the push's time only when it changed;
 * - an `everyone` competition gains the player as a participant on their first move.
 * Answers the competitions whose standings changed.
 */
export async function applyPushToCompetitions(tx: Tx, userId: number, candidates: number[], c: MetricChanges, at: Date | null): Promise<number[]> {
  const rows = await tx.$queryRaw<{ competitionId: number }[]>`
      WITH t0 AS (SELECT coalesce(${at}::timestamptz, now()) AS at),
      ch AS (
        SELECT * FROM unnest(${c.metric}::smallint[], ${c.before}::bigint[], ${c.after}::bigint[]) AS ch(metric, before, after)
      ), counted AS (
        SELECT k.id FROM competitions k, t0
        WHERE k.id = ANY(${candidates}::int[]) AND k."startsAt" <= t0.at AND k."endsAt" > t0.at
          AND k."cancelledAt" IS NULL AND k."endedAt" IS NULL
          AND (k.signup = 'EVERYONE'
               OR EXISTS (SELECT 1 FROM competition_participants p WHERE p."competitionId" = k.id AND p."userId" = ${userId}))
      ), moved AS (
        SELECT cm."competitionId", cm.metric, ch.before, ch.after
        FROM counted JOIN competition_metrics cm ON cm."competitionId" = counted.id JOIN ch ON ch.metric = cm.metric
      ), prog AS (
        INSERT INTO competition_progress ("competitionId", "userId", metric, baseline, current)
        SELECT m."competitionId", ${userId}, m.metric, m.before, m.after FROM moved m
        ON CONFLICT ("competitionId", "userId", metric) DO UPDATE SET current = EXCLUDED.current
        RETURNING "competitionId", metric, baseline, current
      ), totals AS (
        SELECT x."competitionId", sum(cm.weight::bigint * greatest(0, x.current - x.baseline))::bigint AS score
        FROM (
          SELECT "competitionId", metric, baseline, current FROM prog
          UNION ALL
          SELECT cp."competitionId", cp.metric, cp.baseline, cp.current FROM competition_progress cp
          WHERE cp."userId" = ${userId} AND cp."competitionId" IN (SELECT "competitionId" FROM moved)
            AND NOT EXISTS (SELECT 1 FROM moved m WHERE m."competitionId" = cp."competitionId" AND m.metric = cp.metric)
        ) x JOIN competition_metrics cm ON cm."competitionId" = x."competitionId" AND cm.metric = x.metric
        GROUP BY x."competitionId"
      )
      INSERT INTO competition_participants AS p ("competitionId", "userId", score, "reachedAt", "joinedAt")
      SELECT t."competitionId", ${userId}, t.score, t0.at, t0.at FROM totals t, t0
      ON CONFLICT ("competitionId", "userId") DO UPDATE SET score = EXCLUDED.score, "reachedAt" = EXCLUDED."reachedAt"
        WHERE p.score <> EXCLUDED.score
      RETURNING "competitionId"`;
  return rows.map((r) => r.competitionId);
}
