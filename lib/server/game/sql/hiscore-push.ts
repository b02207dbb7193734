import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import type { Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// The writes of a hiscores push from the game: one hiscore_stats row per skill and activity
// score, on the one ladder (game mode, XP mode) the player is on.

/** The pushed player, locked: what decides whether their rows are hidden (`banned`: a ban in force now). */
export type PushPlayerRow = { id: number; username: string; privilege: string; banned: boolean };

/** The player's rows, all on this ladder and with this visibility. */
export type PushLadder = { userId: number; gameMode: GameMode; xpMode: XpMode; hidden: boolean };

/** Locks the player until the transaction ends (two pushes for one player apply one after the other); null when unknown. */
export async function lockPushPlayer(tx: Tx, userId: number): Promise<PushPlayerRow | null> {
  const rows = await tx.$queryRaw<PushPlayerRow[]>`
      SELECT id, username, privilege, ${BANNED_NOW} AS banned FROM users WHERE id = ${userId} FOR UPDATE`;
  return rows[0] ?? null;
}

/** Moves the player's activity rows (skill FIRST_ACTIVITY_ID and up) to this ladder and visibility. */
export async function moveActivityRows(tx: Tx, l: PushLadder, firstActivityId: number): Promise<void> {
  await tx.$executeRaw`
      UPDATE hiscore_stats SET "gameMode" = ${l.gameMode}::"GameMode", "xpMode" = ${l.xpMode}::"XpMode", hidden = ${l.hidden}
      WHERE "userId" = ${l.userId} AND skill >= ${firstActivityId}
        AND ("gameMode" <> ${l.gameMode}::"GameMode" OR "xpMode" <> ${l.xpMode}::"XpMode" OR hidden <> ${l.hidden})`;
}

/** Deletes the player's rows on any other ladder. */
export async function deleteOtherLadderRows(tx: Tx, l: Omit<PushLadder, "hidden">): Promise<void> {
  await tx.$executeRaw`DELETE FROM hiscore_stats WHERE "userId" = ${l.userId} AND ("gameMode" <> ${l.gameMode}::"GameMode" OR "xpMode" <> ${l.xpMode}::"XpMode")`;
}

/**
 * Writes one row per skill (skills[i], levels[i], values[i]); reachedAt moves only when the
 * experience changes, so among equal experience the player who got there first ranks higher.
 */
export async function upsertHiscoreRows(tx: Tx, l: PushLadder, skills: number[], levels: number[], values: number[], at: Date | null): Promise<void> {
  await tx.$executeRaw`
      INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
      SELECT ${l.userId}, ${l.gameMode}::"GameMode", ${l.xpMode}::"XpMode", s.skill, s.level, s.xp, coalesce(${at}::timestamptz, now()), ${l.hidden}
      FROM unnest(${skills}::smallint[], ${levels}::smallint[], ${values}::bigint[]) AS s(skill, level, xp)
      ON CONFLICT ("userId", "gameMode", "xpMode", skill) DO UPDATE SET
        level = EXCLUDED.level,
        "reachedAt" = CASE WHEN hiscore_stats.experience = EXCLUDED.experience THEN hiscore_stats."reachedAt" ELSE EXCLUDED."reachedAt" END,
        experience = EXCLUDED.experience,
        hidden = EXCLUDED.hidden`;
}

/** Deletes the player's rows of these skills (activities whose score is back to 0). */
export async function deleteSkillRows(tx: Tx, userId: number, skills: number[]): Promise<void> {
  await tx.$executeRaw`DELETE FROM hiscore_stats WHERE "userId" = ${userId} AND skill = ANY(${skills}::smallint[])`;
}
