import "server-only";
import { GAME_MODE_DB, XP_MODE_DB } from "@/lib/hiscores";
import type { TGameMode, TXpMode } from "@/lib/schemas/game";
import { OVERALL_ID } from "@/lib/skills";
import { levelForXp } from "@/lib/xp";
import { db } from "../db";
import { AppError } from "../errors";
import { markLaddersDirty } from "../hiscores/mark-ladders-dirty";

// The game pushes a player's experience (on logout or periodically). One row per skill plus
// Overall (skill 0: total level, total experience). reachedAt moves only when the experience
// changes, so among equal experience the player who got there first ranks higher. A player is
// on one ladder at a time: rows of another game mode / XP mode are removed in the same
// transaction (e.g. a hardcore ironman who lost the status).

// The ladder's ranks follow at once in order and counts near the player; the exact positions
// of far-away rows catch up when the refresh queued here has run (docs/hiscores.md).

export { GAME_MODE_DB, XP_MODE_DB };

export type HiscoresPush = { player_id: number; game_mode?: TGameMode | undefined; xp_mode?: TXpMode | undefined; experience: number[] };

export async function pushHiscores(input: HiscoresPush): Promise<{ player_id: number; total_level: number; total_experience: number }> {
  const gameMode = GAME_MODE_DB[input.game_mode ?? "regular"];
  const xpMode = XP_MODE_DB[input.xp_mode ?? "regular"];
  const levels = input.experience.map(levelForXp);
  const totalLevel = levels.reduce((a, b) => a + b, 0);
  const totalXp = input.experience.reduce((a, b) => a + b, 0);
  const skills = [OVERALL_ID, ...input.experience.map((_, i) => i + 1)];
  const levelCol = [totalLevel, ...levels];
  const xpCol = [totalXp, ...input.experience];

  await db.$transaction(async (tx) => {
    // Locks the player: two pushes for one player apply one after the other.
    const rows = await tx.$queryRaw<{ id: number; privilege: string; bannedAt: Date | null }[]>`
      SELECT id, privilege, "bannedAt" FROM users WHERE id = ${input.player_id} FOR UPDATE`;
    const user = rows[0];
    if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
    // Staff and banned players stay off the ladders (DESIGN.md §5).
    const hidden = user.privilege !== "PLAYER" || user.bannedAt !== null;
    // Before the delete below, so a ladder the player leaves is refreshed too.
    await markLaddersDirty(tx, user.id, { gameMode, xpMode });
    await tx.$executeRaw`DELETE FROM hiscore_stats WHERE "userId" = ${user.id} AND ("gameMode" <> ${gameMode}::"GameMode" OR "xpMode" <> ${xpMode}::"XpMode")`;
    await tx.$executeRaw`
      INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
      SELECT ${user.id}, ${gameMode}::"GameMode", ${xpMode}::"XpMode", s.skill, s.level, s.xp, now(), ${hidden}
      FROM unnest(${skills}::smallint[], ${levelCol}::smallint[], ${xpCol}::bigint[]) AS s(skill, level, xp)
      ON CONFLICT ("userId", "gameMode", "xpMode", skill) DO UPDATE SET
        level = EXCLUDED.level,
        "reachedAt" = CASE WHEN hiscore_stats.experience = EXCLUDED.experience THEN hiscore_stats."reachedAt" ELSE EXCLUDED."reachedAt" END,
        experience = EXCLUDED.experience,
        hidden = EXCLUDED.hidden`;
  });
  return { player_id: input.player_id, total_level: totalLevel, total_experience: totalXp };
}
