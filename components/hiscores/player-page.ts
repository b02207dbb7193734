import { gameModeFromDb, xpModeFromDb } from "@/lib/hiscores";
import { AppError } from "@/lib/server/errors";
import { progressPlayerOrThrow } from "@/lib/server/progress/gains";
import type { HeaderPlayer } from "./player-header";

// What every player page does with its URL: the name from the path segment, and a read that
// answers null for a name that is not on the hiscores (the page then shows the notice).

/** The player's name from `/hiscores/player/{username}`: decoded, trimmed, at most 64 characters. */
export function playerNameFrom(raw: string): string {
  try {
    return decodeURIComponent(raw).trim().slice(0, 64);
  } catch {
    return raw.slice(0, 64);
  }
}

/** The read's answer, or null when the player is not on the hiscores (staff, banned, unknown). */
export async function unlessNotOnHiscores<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") return null;
    throw e;
  }
}

/** The player's name as stored and their ladder, for the header; throws NOT_FOUND as the use cases do. */
export async function headerPlayerOrThrow(name: string): Promise<HeaderPlayer> {
  const p = await progressPlayerOrThrow(name);
  return { username: p.username, game_mode: gameModeFromDb(p.gameMode), xp_mode: xpModeFromDb(p.xpMode) };
}
