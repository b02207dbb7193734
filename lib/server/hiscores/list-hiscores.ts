import "server-only";
import { GAME_MODE_DB, HISCORES_PAGE_SIZE, type TGameMode, type TXpMode, XP_MODE_DB } from "@/lib/hiscores";
import { isActivityId } from "@/lib/hiscores-layout";
import type { TActivityEntry, THiscoreEntry } from "@/lib/schemas/hiscores";
import { db } from "../db";
import { countLadderRows, selectLadderPage } from "./sql/ladder-pages";

// One page of a ladder. The page starts at the nearest anchor at or above its first row (the
// key of every 500th row, docs/hiscores.md) and skips fewer than 500 index entries from there,
// so page 40,000 costs what page 20 does. Ranks are the anchor's position plus the offset.
// An activity's ladder (skill 100+) is read the same way; its entries carry the score.

export type HiscoresPage = {
  results: (THiscoreEntry | TActivityEntry)[];
  hasNext: boolean;
  /** Players on the ladder at its last refresh (for the last page's number), or the rows seen. */
  players: number;
};

export async function listHiscores(q: { skill: number; mode: TGameMode; xp: TXpMode; page: number }): Promise<HiscoresPage> {
  const gameMode = GAME_MODE_DB[q.mode];
  const xpMode = XP_MODE_DB[q.xp];
  const offset = (q.page - 1) * HISCORES_PAGE_SIZE;
  const rows = await selectLadderPage(gameMode, xpMode, q.skill, offset, HISCORES_PAGE_SIZE + 1);
  const page = rows.slice(0, HISCORES_PAGE_SIZE);
  const seen = Math.min(offset + rows.length, offset + HISCORES_PAGE_SIZE);
  if (isActivityId(q.skill)) {
    const results = page.map((r, i) => ({ id: r.userId, rank: offset + i + 1, username: r.username, score: Number(r.experience) }));
    // Past the end, the page needs the ladder's length (for the link back to its last page).
    const players = rows.length === 0 && offset > 0 ? await countLadderRows(gameMode, xpMode, q.skill) : seen;
    return { results, hasNext: rows.length > HISCORES_PAGE_SIZE, players };
  }
  // Every player on the ladder has a row per skill: its player count is every skill's length.
  const ladder = await db.hiscoreLadder.findUnique({ where: { gameMode_xpMode: { gameMode, xpMode } }, select: { players: true } });
  const results = page.map((r, i) => ({
    id: r.userId,
    rank: offset + i + 1,
    username: r.username,
    total_level: r.level,
    total_experience: Number(r.experience),
  }));
  return { results, hasNext: rows.length > HISCORES_PAGE_SIZE, players: Math.max(ladder?.players ?? 0, seen) };
}
