import "server-only";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { enqueue } from "../jobs/enqueue";
import { endBan } from "../punishments/ban-record";
import { banState, liftBanJobKey, lockAccount } from "./admin-actions";

export type LiftResult = "lifted" | "not-due" | "not-banned";

/**
 * The lift-ban job: ends a temporary ban whose time is up, shows the player on the hiscores
 * again, closes its punishment as ended by itself (the game hears "expired") and writes the
 * audit entry (actor "system"). A ban lifted by staff, made permanent, or
 * moved later since the job was queued is left alone (a later end is given a job of its own).
 */
export async function liftExpiredBan(userId: number, now: Date = new Date()): Promise<LiftResult> {
  return db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id: userId });
    if (user.bannedAt === null || user.bannedUntil === null) return "not-banned";
    if (user.bannedUntil > now) {
      await enqueue("lift-ban", { userId }, { tx, runAt: user.bannedUntil, jobKey: liftBanJobKey(userId) });
      return "not-due";
    }
    await endBan(tx, user, { expired: true });
    const after = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    await recordAudit(
      {
        action: "account.ban_expired",
        actorLabel: "system",
        targetType: "user",
        targetId: userId,
        data: { reason: "The temporary ban ended.", before: banState(user), after: banState(after) },
      },
      tx,
    );
    return "lifted";
  });
}
