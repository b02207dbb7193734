import "server-only";
import type { Tx } from "../../db";

// Signing up late: the player's values now are their start.

/**
 * When the competition has started by the database's clock, gives the new participant a row per
 * metric whose baseline and current value are their value now (from the ladder table; 0 where
 * they have none), so only what they gain from now on counts. The player's row is locked by the
 * caller, as a push locks it: no push of theirs is half-counted around the sign-up. Answers
 * whether it had started.
 */
export async function startLateJoiner(tx: Tx, competitionId: number, userId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ late: boolean }[]>`
      WITH late AS (
        SELECT 1 FROM competitions WHERE id = ${competitionId} AND "startsAt" <= now()
      ), ins AS (
        INSERT INTO competition_progress ("competitionId", "userId", metric, baseline, current)
        SELECT ${competitionId}, ${userId}, m.metric, coalesce(s.value, 0), coalesce(s.value, 0)
        FROM competition_metrics m
        LEFT JOIN LATERAL (SELECT max(experience) AS value FROM hiscore_stats WHERE "userId" = ${userId} AND skill = m.metric) s ON true
        WHERE m."competitionId" = ${competitionId} AND EXISTS (SELECT 1 FROM late)
        RETURNING 1
      )
      SELECT EXISTS (SELECT 1 FROM late) AS late`;
  return rows[0]?.late ?? false;
}
