import "server-only";
import { GAME_MODE_DB, HISCORES_PAGE_SIZE, type TGameMode, type TXpMode, XP_MODE_DB } from "@/lib/hiscores";
import { isActivityId } from "@/lib/hiscores-layout";
import type { TActivityEntry, THiscoreEntry } from "@/lib/schemas/hiscores";
import { db } from "../db";
import { MAX_KEY } from "./ladder-keys";

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
  const rows = await db.$queryRaw<{ userId: number; username: string; level: number; experience: bigint; base: number }[]>`
    WITH a AS (
      SELECT position, score, tiebreak FROM hiscore_anchors
      WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode" AND skill = ${q.skill}::smallint AND position <= ${offset}
      ORDER BY position DESC LIMIT 1
    ), p AS (
      SELECT s."userId", s.level, s.experience, s.score, s.tiebreak FROM hiscore_stats s
      WHERE s."gameMode" = ${gameMode}::"GameMode" AND s."xpMode" = ${xpMode}::"XpMode" AND s.skill = ${q.skill}::smallint AND NOT s.hidden
        AND (s.score, s.tiebreak) <= (COALESCE((SELECT score FROM a), ${MAX_KEY}::bigint), COALESCE((SELECT tiebreak FROM a), ${MAX_KEY}::bigint))
      ORDER BY s.score DESC, s.tiebreak DESC
      OFFSET ${offset}::int - COALESCE((SELECT position FROM a), 0) LIMIT ${HISCORES_PAGE_SIZE + 1}
    )
    SELECT p."userId", u.username, p.level, p.experience
    FROM p JOIN users u ON u.id = p."userId"
    ORDER BY p.score DESC, p.tiebreak DESC`;
  const page = rows.slice(0, HISCORES_PAGE_SIZE);
  const seen = Math.min(offset + rows.length, offset + HISCORES_PAGE_SIZE);
  if (isActivityId(q.skill)) {
    const results = page.map((r, i) => ({ id: r.userId, rank: offset + i + 1, username: r.username, score: Number(r.experience) }));
    // Past the end, the page needs the ladder's length (for the link back to its last page).
    const players = rows.length === 0 && offset > 0 ? await countRows(gameMode, xpMode, q.skill) : seen;
    return { results, hasNext: rows.length > HISCORES_PAGE_SIZE, players };
  }
  // Every player on the ladder has a row per skill: its player count is every skill's length.
  const ladder = await db.hiscoreLadder.findUnique({ where: { gameMode_xpMode: { gameMode, xpMode } }, select: { players: true } });
  const results = page.map((r, i) => ({ id: r.userId, rank: offset + i + 1, username: r.username, total_level: r.level, total_experience: Number(r.experience) }));
  return { results, hasNext: rows.length > HISCORES_PAGE_SIZE, players: Math.max(ladder?.players ?? 0, seen) };
}

/** Visible rows of one ladder and skill: the last anchor's offset plus the rows after it. */
async function countRows(gameMode: string, xpMode: string, skill: number): Promise<number> {
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
