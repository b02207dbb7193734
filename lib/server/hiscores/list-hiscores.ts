import "server-only";
import { GAME_MODE_DB, HISCORES_PAGE_SIZE, type TGameMode, type TXpMode, XP_MODE_DB } from "@/lib/hiscores";
import type { THiscoreEntry } from "@/lib/schemas/hiscores";
import { db } from "../db";
import { MAX_KEY } from "./ladder-keys";

// One page of a ladder. The page starts at the nearest anchor at or above its first row (the
// key of every 500th row, docs/hiscores.md) and skips fewer than 500 index entries from there,
// so page 40,000 costs what page 20 does. Ranks are the anchor's position plus the offset.

export type HiscoresPage = {
  results: THiscoreEntry[];
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
  const ladder = await db.hiscoreLadder.findUnique({ where: { gameMode_xpMode: { gameMode, xpMode } }, select: { players: true } });
  const results = rows.slice(0, HISCORES_PAGE_SIZE).map((r, i) => ({
    id: r.userId,
    rank: offset + i + 1,
    username: r.username,
    total_level: r.level,
    total_experience: Number(r.experience),
  }));
  const seen = offset + rows.length;
  return { results, hasNext: rows.length > HISCORES_PAGE_SIZE, players: Math.max(ladder?.players ?? 0, Math.min(seen, offset + HISCORES_PAGE_SIZE)) };
}
