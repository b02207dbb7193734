import "server-only";
import type { TPlayerStatus } from "@/lib/schemas/staff-players";
import { assertStaffReach, lockAccount } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { type StaffContext, toPlayerStatus } from "../staff/player-dto";
import { endMute, openMuteOf } from "./ban-record";

/**
 * POST /api/v1/staff/players/{id}/unmute: ends a mute before its time (or a permanent one); the
 * game hears "lifted". A mute whose end has passed but whose job has not run yet is still open,
 * so it can be lifted too. A lift-mute job still queued then finds nothing to do.
 */
export async function unmutePlayer(id: number, reason: string, ctx: StaffContext): Promise<TPlayerStatus> {
  return db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id });
    assertStaffReach({ actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip }, user, "act", "unmute");
    const open = await openMuteOf(tx, user.id);
    if (!open) throw new AppError("CONFLICT", { userMessage: `${user.username} is not muted.` });
    await endMute(tx, open, { by: { actorId: ctx.actorId }, reason });
    await recordAudit(
      {
        action: "punishment.lifted",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: { reason, before: { openMute: open.id }, after: { openMute: null } },
      },
      tx,
    );
    return toPlayerStatus(user);
  });
}
