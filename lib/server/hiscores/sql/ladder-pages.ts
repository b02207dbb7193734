import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { db } from "../../db";
import { MAX_KEY } from "../ladder-keys";

/** One row of a ladder page, best first (experience is the score on an activity's ladder). */
export type LadderPageRow = { userId: number; username: string; level: number; experience: bigint };

/**
 * Up to `limit` visible rows of one ladder and skill from `offset` on, best first: from the
 * nearest anchor at or above the offset, skipping the rows between.
 */
export async function selectLadderPage(gameMode: GameMode, xpMode: XpMode, skill: number, offset: number, limit: number): Promise<LadderPageRow[]> {
  return db.$queryRaw<LadderPageRow[]>`
    WITH a AS (
      SELECT position, score, tiebreak FROM hiscore_anchors
      WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode" AND skill = ${skill}::smallint AND position <= ${offset}
      ORDER BY position DESC LIMIT 1
    ), p AS (
      SELECT s."userId", s.level, s.experience, s.score, s.tiebreak FROM hiscore_stats s
      WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = ${skill}::smallint AND NOT s.hidden
        AND (s.score, s.tiebreak) <= (COALESCE((SELECT score FROM a), ${MAX_KEY}::bigint), COALESCE((SELECT tiebreak FROM a), ${MAX_KEY}::bigint))
      ORDER BY s.score DESC, s.tiebreak DESC
      OFFSET ${offset}::int - COALESCE((SELECT position FROM a), 0) LIMIT ${limit}
    )
    SELECT p."userId", u.username, p.level, p.experience
    FROM p JOIN users u ON u.id = p."userId"
    ORDER BY p.score DESC, p.tiebreak DESC`;
}

/** Visible rows of one ladder and skill: the last anchor's offset plus the rows after it. */
export async function countLadderRows(gameMode: GameMode, xpMode: XpMode, skill: number): Promise<number> {
  const counted = await db.$queryRaw<{ n: number }[]>`
    WITH a AS (SELECT position, score, tiebreak FROM hiscore_anchors
               WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode" AND skill = ${skill}::smallint
               ORDER BY position DESC LIMIT 1)
    SELECT (COALESCE((SELECT position FROM a), -1) + 1 + (
      SELECT count(*) FROM hiscore_stats s
      WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = ${skill}::smallint AND NOT s.hidden
        AND (s.score, s.tiebreak) < (COALESCE((SELECT score FROM a), ${MAX_KEY}::bigint), COALESCE((SELECT tiebreak FROM a), ${MAX_KEY}::bigint))
    ))::int AS n`;
  return counted[0]?.n ?? 0;
}
