import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { GAME_MODE_DB, gameModeFromDb, gameModeOfSegment, type TGameMode, type TXpMode, XP_MODE_DB, xpModeFromDb } from "@/lib/hiscores";
import { ACTIVITIES, activityById } from "@/lib/hiscores-layout";
import type { TPlayerHiscores } from "@/lib/schemas/hiscores";
import { skillName } from "@/lib/skills";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { AppError } from "../errors";
import { MAX_KEY } from "./ladder-keys";

// A player's ranks in one query, skills (24 rows) and activities (a row per activity with a
// score) alike: for each row, the nearest anchor at or above the player (docs/hiscores.md) gives
// a position, and a count of the few hundred rows between that anchor and the player completes
// it. Staff, banned players and unknown names are "not on the hiscores".

export const NOT_ON_HISCORES = "This player is not on the hiscores.";

type Row = { userId: number; username: string; gameMode: GameMode; xpMode: XpMode; skill: number; level: number; experience: bigint; rank: bigint };

/** Null when the name is not on the hiscores (or not on the ladder asked for). */
export async function findPlayerHiscores(name: string, only: { mode?: TGameMode | undefined; xp?: TXpMode | undefined } = {}): Promise<TPlayerHiscores | null> {
  const key = usernameKey(name);
  if (!key) return null;
  const gameMode = only.mode ? GAME_MODE_DB[only.mode] : null;
  const xpMode = only.xp ? XP_MODE_DB[only.xp] : null;
  const rows = await db.$queryRaw<Row[]>`
    SELECT u.id AS "userId", u.username, s."gameMode", s."xpMode", s.skill, s.level, s.experience,
      COALESCE(a.position, 0) + 1
      -- Rows between the anchor and the player, as three ranges on plain columns: a row
      -- comparison is only used to start a B-tree scan, not to stop it, and a stop on the first
      -- column alone would walk a whole run of equal scores (e.g. everyone at 0 XP).
      + (SELECT count(*) FROM hiscore_stats r
         WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
           AND r.score > s.score AND r.score < COALESCE(a.score, ${MAX_KEY}::bigint))
      + (SELECT count(*) FROM hiscore_stats r
         WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
           AND r.score = a.score AND a.score <> s.score AND r.tiebreak <= a.tiebreak)
      + (SELECT count(*) FROM hiscore_stats r
         WHERE r."gameMode" = s."gameMode" AND r."xpMode" = s."xpMode" AND r.skill = s.skill AND NOT r.hidden
           AND r.score = s.score AND r.tiebreak > s.tiebreak
           AND r.tiebreak <= CASE WHEN a.score = s.score THEN a.tiebreak ELSE ${MAX_KEY}::bigint END) AS rank
    FROM users u
    JOIN hiscore_stats s ON s."userId" = u.id AND NOT s.hidden
    LEFT JOIN LATERAL (
      SELECT x.position, x.score, x.tiebreak FROM hiscore_anchors x
      WHERE x."gameMode" = s."gameMode" AND x."xpMode" = s."xpMode" AND x.skill = s.skill
        AND (x.score, x.tiebreak) >= (s.score, s.tiebreak)
      ORDER BY x.score, x.tiebreak LIMIT 1
    ) a ON true
    WHERE u."usernameKey" = ${key}
      AND (${gameMode}::"GameMode" IS NULL OR s."gameMode" = ${gameMode}::"GameMode")
      AND (${xpMode}::"XpMode" IS NULL OR s."xpMode" = ${xpMode}::"XpMode")
    ORDER BY s.skill`;
  const first = rows[0];
  if (!first) return null;
  const activities = new Map(rows.flatMap((r) => (activityById(r.skill) ? [[r.skill, r] as const] : [])));
  return {
    id: first.userId,
    username: first.username,
    game_mode: gameModeFromDb(first.gameMode),
    xp_mode: xpModeFromDb(first.xpMode),
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
