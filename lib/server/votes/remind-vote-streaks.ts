import "server-only";
import { siteConfig } from "@/lib/site-config";
import { addDays, dayBounds, dayOf, VOTE_TIME_ZONE } from "@/lib/votes/vote-days";
import { db } from "../db";
import { log } from "../log";
import { notifyVoteStreakReminder } from "../notifications/events";
import { claimStreakReminders } from "./sql/streaks";

// The reminder before a streak breaks (docs/notifications.md, vote_streak_reminder), by the hourly
// remind-vote-streaks job: in the last hours of the local day, each player whose streak is alive
// but who has not completed today is told once (a row per player and day, claimed in the same
// transaction as the notification). The notification follows the player's preference for the type:
// mailed (the default), the bell only, or nothing.

const BATCH = 500;
const HOUR_MS = 3_600_000;

/** Players reminded by this run (none outside the reminder window or when done before). */
export async function remindVoteStreaks(now = new Date(), timeZone = VOTE_TIME_ZONE): Promise<number> {
  const day = dayOf(now, timeZone);
  const { end } = dayBounds(day, timeZone);
  if (end.getTime() - now.getTime() > siteConfig.voteRewards.reminderHoursBeforeDayEnd * HOUR_MS) return 0;
  const yesterday = addDays(day, -1);
  let total = 0;
  for (;;) {
    const told = await db.$transaction(async (tx) => {
      const due = await claimStreakReminders(tx, { day, yesterday, limit: BATCH });
      for (const p of due) await notifyVoteStreakReminder(tx, { userId: p.userId, day, days: p.current });
      return due.length;
    });
    total += told;
    if (told < BATCH) break;
  }
  if (total) log.info("votes.streak_reminders", { day, players: total });
  return total;
}

export async function remindVoteStreaksTask(): Promise<void> {
  await remindVoteStreaks();
}
