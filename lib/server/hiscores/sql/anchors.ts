import "server-only";
import { OVERALL_ID } from "@/lib/skills";
import { db, type Prisma } from "../../db";
import { countLadderRows } from "./ladder-pages";
import type { Ladder } from "./ladders";

// The anchors of a ladder's skill: the key of every `step`-th visible row (docs/hiscores.md).
// The rebuild of one (ladder, skill) is three statements the caller runs as one array
// transaction: the lock, the delete and the insert (these return them un-awaited).

/** First key of the advisory locks that give each (ladder, skill) anchor rebuild its turn. */
const ANCHORS_LOCK = 0x4a4e4348; // "JNCH"

/** Of these activity ids, those with rows or anchors on the ladder (one index probe each). */
export async function selectUsedActivities(ladder: Ladder, activityIds: readonly number[]): Promise<number[]> {
  const { gameMode, xpMode } = ladder;
  const used = await db.$queryRaw<{ skill: number }[]>`
    SELECT id AS skill FROM unnest(${activityIds}::smallint[]) AS id
    WHERE EXISTS (SELECT 1 FROM hiscore_stats s WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = id)
       OR EXISTS (SELECT 1 FROM hiscore_anchors x WHERE x."gameMode" = ${gameMode}::"GameMode" AND x."xpMode" = ${xpMode}::"XpMode" AND x.skill = id)`;
  return used.map((u) => u.skill);
}

/**
 * Waits for the turn of this (ladder, skill) rebuild. Two refreshes of one ladder may run at once
 * (a push's job and the crontab's): each skill's delete-and-insert takes its turn, or the second
 * insert would meet the first's rows, which its delete could not see (hiscore_anchors_pkey).
 */
export function lockAnchorRebuild(ladder: Ladder, skill: number): Prisma.PrismaPromise<number> {
  const { gameMode, xpMode } = ladder;
  return db.$executeRaw`SELECT pg_advisory_xact_lock(${ANCHORS_LOCK}::int, hashtext(${`${gameMode}:${xpMode}:${skill}`}))`;
}

/** Deletes the anchors of one skill of the ladder. */
export function deleteAnchors(ladder: Ladder, skill: number): Prisma.PrismaPromise<number> {
  const { gameMode, xpMode } = ladder;
  return db.$executeRaw`DELETE FROM hiscore_anchors WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode" AND skill = ${skill}::smallint`;
}

/**
 * Inserts the anchors of one skill of the ladder: the key of every `step`-th visible row, found
 * by hopping through the ladder index (each hop skips step-1 index entries).
 */
export function insertAnchors(ladder: Ladder, skill: number, step: number): Prisma.PrismaPromise<number> {
  const { gameMode, xpMode } = ladder;
  return db.$executeRaw`
        INSERT INTO hiscore_anchors ("gameMode", "xpMode", skill, position, score, tiebreak)
        WITH RECURSIVE hop(position, score, tiebreak) AS (
          (SELECT ${step - 1}::int, s.score, s.tiebreak FROM hiscore_stats s
            WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = ${skill}::smallint AND NOT s.hidden
            ORDER BY s.score DESC, s.tiebreak DESC OFFSET ${step - 1} LIMIT 1)
          UNION ALL
          SELECT hop.position + ${step}::int, n.score, n.tiebreak FROM hop CROSS JOIN LATERAL (
            SELECT s.score, s.tiebreak FROM hiscore_stats s
            WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = ${skill}::smallint AND NOT s.hidden
              AND (s.score, s.tiebreak) < (hop.score, hop.tiebreak)
            ORDER BY s.score DESC, s.tiebreak DESC OFFSET ${step - 1} LIMIT 1) n
        )
        SELECT ${gameMode}::"GameMode", ${xpMode}::"XpMode", ${skill}::smallint, position, score, tiebreak FROM hop`;
}

/** Players on the ladder: its Overall rows (the last anchor's offset plus the rows after it). */
export function countLadderPlayers(ladder: Ladder): Promise<number> {
  return countLadderRows(ladder.gameMode, ladder.xpMode, OVERALL_ID);
}
