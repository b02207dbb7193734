import "server-only";
import { GAME_MODE_DB, gameModeFromDb, gameModeOfSegment, type TGameMode, type TXpMode, XP_MODE_DB, xpModeFromDb } from "@/lib/hiscores";
import { ACTIVITIES, activityById } from "@/lib/hiscores-layout";
import type { TPlayerHiscores } from "@/lib/schemas/hiscores";
import { skillName } from "@/lib/skills";
import { usernameKey } from "@/lib/usernames";
import { AppError } from "../errors";
import { selectPlayerRanks } from "./sql/player-ranks";

// A player's ranks in one query, skills (24 rows) and activities (a row per activity with a
// score) alike: for each row, the nearest anchor at or above the player (docs/hiscores.md) gives
// a position, and a count of the few hundred rows between that anchor and the player completes
// it. Staff, banned players and unknown names are "not on the hiscores".

export const NOT_ON_HISCORES = "This player is not on the hiscores.";

/** Null when the name is not on the hiscores (or not on the ladder asked for). */
export async function findPlayerHiscores(name: string, only: { mode?: TGameMode | undefined; xp?: TXpMode | undefined } = {}): Promise<TPlayerHiscores | null> {
  const key = usernameKey(name);
  if (!key) return null;
  const gameMode = only.mode ? GAME_MODE_DB[only.mode] : null;
  const xpMode = only.xp ? XP_MODE_DB[only.xp] : null;
  const rows = await selectPlayerRanks(key, gameMode, xpMode);
  const first = rows[0];
  if (!first) return null;
  const activities = new Map(rows.flatMap((r) => (activityById(r.skill) ? [[r.skill, r] as const] : [])));
  return {
    id: first.userId,
    username: first.username,
    game_mode: gameModeFromDb(first.gameMode),
    xp_mode: xpModeFromDb(first.xpMode),
    updated: new Date(Math.max(...rows.map((r) => r.reachedAt.getTime()))).toISOString(),
    results: rows
      .filter((r) => !activityById(r.skill))
      .map((r) => ({ skill: r.skill, skill_name: skillName(r.skill), rank: Number(r.rank), level: r.level, experience: Number(r.experience) })),
    // In the layout's order (official rows first), which is not the order of the ids.
    activities: ACTIVITIES.flatMap((a) => {
      const r = activities.get(a.id);
      return r ? [{ activity: a.key, name: a.name, rank: Number(r.rank), score: Number(r.experience) }] : [];
    }),
  };
}

export async function getPlayerHiscoresOrThrow(name: string, only: { mode?: TGameMode | undefined; xp?: TXpMode | undefined } = {}): Promise<TPlayerHiscores> {
  const found = await findPlayerHiscores(name, only);
  if (!found) throw new AppError("NOT_FOUND", { userMessage: NOT_ON_HISCORES });
  return found;
}

/**
 * The lookup behind an official per-mode path (`/m=hiscore_oldschool_ironman/index_lite.json`):
 * the same as `?mode=ironman`. A segment of a mode this server has no ladder for is a 404, as
 * an unknown path is.
 */
export async function getPlayerHiscoresBySegmentOrThrow(segment: string, name: string, xp?: TXpMode): Promise<TPlayerHiscores> {
  const mode = gameModeOfSegment(segment);
  if (!mode) throw new AppError("NOT_FOUND", { userMessage: "No such hiscores." });
  return getPlayerHiscoresOrThrow(name, { mode, xp });
}
