// Temporary bans written straight into the row, as a ban and the clock leave it: "ended" is a ban
// whose end passed a minute ago while its lift-ban job has not run yet (the columns still set),
// "running" one that ends in an hour. Neither queues a job, so nothing clears them behind a test.
import { db } from "@/lib/server/db";

export async function setEndedBan(userId: number, reason = "ended ban"): Promise<void> {
  await db.user.update({
    where: { id: userId },
    data: { bannedAt: new Date(Date.now() - 3_600_000), bannedUntil: new Date(Date.now() - 60_000), banReason: reason },
  });
}

export async function setRunningBan(userId: number, reason = "running ban"): Promise<void> {
  await db.user.update({
    where: { id: userId },
    data: { bannedAt: new Date(Date.now() - 60_000), bannedUntil: new Date(Date.now() + 3_600_000), banReason: reason },
  });
}
