import "server-only";
import type { StreakState } from "@/lib/votes/vote-days";
import type { DbClient } from "../../accounts/db-client";
import type { Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// vote_streaks, vote_streak_rewards and vote_streak_reminders. Days travel as "YYYY-MM-DD" text
// (DATE columns), never through a JavaScript Date, so no time zone can shift them.

type StreakRow = { current: number; longest: number; startDay: string; lastDay: string };

/** The player's stored streak; an empty one when they never completed a day. */
export async function readStreak(client: DbClient, userId: number): Promise<StreakState> {
  const [row] = await client.$queryRaw<StreakRow[]>`
    SELECT current, longest, "startDay"::text AS "startDay", "lastDay"::text AS "lastDay" FROM vote_streaks WHERE "userId" = ${userId}`;
  return row ?? { current: 0, longest: 0, startDay: null, lastDay: null };
}

export async function writeStreak(tx: Tx, userId: number, s: StreakState): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO vote_streaks ("userId", current, longest, "startDay", "lastDay", "updatedAt")
    VALUES (${userId}, ${s.current}, ${s.longest}, ${s.startDay}::date, ${s.lastDay}::date, now())
    ON CONFLICT ("userId") DO UPDATE SET current = EXCLUDED.current, longest = EXCLUDED.longest,
      "startDay" = EXCLUDED."startDay", "lastDay" = EXCLUDED."lastDay", "updatedAt" = now()`;
}

/** Records a milestone of a streak with its delivery; false when it was recorded before (nothing written). */
export async function claimStreakMilestone(tx: Tx, e: { userId: number; startDay: string; days: number; deliveryId: number }): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO vote_streak_rewards ("userId", "startDay", days, "deliveryId")
    VALUES (${e.userId}, ${e.startDay}::date, ${e.days}, ${e.deliveryId})
    ON CONFLICT ("userId", "startDay", days) DO NOTHING RETURNING id`;
  return rows.length === 1;
}

/**
 * Players whose streak is alive but not yet extended today (its last day was yesterday), not yet
 * reminded today, not banned: claimed for `day` (one row per player and day), so two runs remind
 * each once. At most `limit`.
 */
export async function claimStreakReminders(tx: Tx, e: { day: string; yesterday: string; limit: number }): Promise<{ userId: number; current: number }[]> {
  return tx.$queryRaw<{ userId: number; current: number }[]>`
    WITH due AS (
      SELECT s."userId", s.current FROM vote_streaks s JOIN users ON users.id = s."userId"
      WHERE s."lastDay" = ${e.yesterday}::date AND s.current >= 1
        AND NOT ${BANNED_NOW}
        AND NOT EXISTS (SELECT 1 FROM vote_streak_reminders r WHERE r."userId" = s."userId" AND r.day = ${e.day}::date)
      ORDER BY s."userId" LIMIT ${e.limit}
    ), claimed AS (
      INSERT INTO vote_streak_reminders ("userId", day) SELECT "userId", ${e.day}::date FROM due
      ON CONFLICT ("userId", day) DO NOTHING RETURNING "userId"
    )
    SELECT due."userId", due.current FROM due JOIN claimed USING ("userId")`;
}
