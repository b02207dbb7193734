// Moves a player's recorded progress back in time, as if every push so far had happened `hours`
// earlier: history buckets, the ladder's reachedAt, achievement dates, log entries and server
// firsts. The pushes themselves stamp the database's now(); a test that needs pushes at known
// times pushes, travels, and pushes again.
import { db } from "@/lib/server/db";

export async function travel(userId: number, hours: number): Promise<void> {
  const by = `${hours} hours`;
  await db.$transaction([
    db.$executeRaw`UPDATE hiscore_history SET bucket = bucket - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE hiscore_stats SET "reachedAt" = "reachedAt" - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE player_achievements SET "reachedAt" = "reachedAt" - ${by}::interval, "createdAt" = "createdAt" - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE player_events SET "createdAt" = "createdAt" - ${by}::interval, "updatedAt" = "updatedAt" - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE hiscore_players SET "historyFrom" = "historyFrom" - ${by}::interval, "lastPushAt" = "lastPushAt" - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE hiscore_resets SET at = at - ${by}::interval WHERE "userId" = ${userId}`,
    db.$executeRaw`UPDATE server_firsts SET "reachedAt" = "reachedAt" - ${by}::interval WHERE "userId" = ${userId}`,
  ]);
}

/** The start of the current hour (UTC), as the history buckets are cut. */
export function hourStart(d = new Date()): Date {
  const t = new Date(d);
  t.setUTCMinutes(0, 0, 0);
  return t;
}
