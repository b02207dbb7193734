import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { db } from "../../db";
import { MAX_KEY } from "../ladder-keys";

/** One visible hiscore row of a player, with its rank on its ladder and skill. */
export type PlayerRankRow = {
  userId: number;
  username: string;
  gameMode: GameMode;
  xpMode: XpMode;
  skill: number;
  level: number;
  experience: bigint;
  /** When the row last changed: the push moves it only when the value does. */
  reachedAt: Date;
  rank: bigint;
};

/**
 * Every visible row of the player with this username key (optionally of one game mode / XP mode)
 * with its rank, by skill: the nearest anchor at or above the row plus the rows between.
 */
export async function selectPlayerRanks(key: string, gameMode: GameMode | null, xpMode: XpMode | null): Promise<PlayerRankRow[]> {
  return db.$queryRaw<PlayerRankRow[]>`
    SELECT u.id AS "userId", u.username, s."gameMode", s."xpMode", s.skill, s.level, s.experience, s."reachedAt",
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
}
