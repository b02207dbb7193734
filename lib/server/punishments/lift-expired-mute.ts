import "server-only";
import { lockAccount } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { enqueue } from "../jobs/enqueue";
import { endMute, liftMuteJobKey, openMuteOf } from "./ban-record";

export type LiftMuteResult = "lifted" | "not-due" | "not-muted";

/**
 * The lift-mute job: ends a temporary mute whose time is up (the game hears "expired") and writes
 * the audit entry (actor "system"). A mute lifted by staff, replaced, or made permanent since the
 * job was queued is left alone; one moved later is given a job at its new end.
 */
export async function liftExpiredMute(userId: number, now: Date = new Date()): Promise<LiftMuteResult> {
  return db.$transaction(async (tx) => {
    await lockAccount(tx, { id: userId });
    const open = await openMuteOf(tx, userId);
    if (!open || open.endsAt === null) return "not-muted";
    if (open.endsAt > now) {
      await enqueue("lift-mute", { userId }, { tx, runAt: open.endsAt, jobKey: liftMuteJobKey(userId) });
      return "not-due";
    }
    await endMute(tx, open, { expired: true });
    await recordAudit(
      {
        action: "punishment.expired",
        actorLabel: "system",
        targetType: "user",
        targetId: userId,
        data: {
          reason: "The mute ended.",
          before: { punishmentId: open.id, kind: "MUTE", open: true },
          after: { punishmentId: open.id, kind: "MUTE", open: false },
        },
      },
      tx,
    );
    return "lifted";
  });
}
