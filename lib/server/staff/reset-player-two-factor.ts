import "server-only";
import type { TPlayerStatus } from "@/lib/schemas/staff-players";
import { assertStaffReach, lockAccount } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { queueMail } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { notifySecurity } from "../notifications/events";
import { type StaffContext, toPlayerStatus } from "./player-dto";

/**
 * Turns off a player's two-factor authentication (a lost phone and no recovery codes, after
 * staff checked who they are). Administrators only; an owner's only by an owner. The secret and
 * recovery codes are deleted, the player is emailed (the mail is queued in the same transaction),
 * and the audit entry keeps the reason.
 */
export async function resetPlayerTwoFactor(id: number, reason: string, ctx: StaffContext): Promise<TPlayerStatus> {
  if (ctx.privilege !== "ADMINISTRATOR" && ctx.privilege !== "OWNER") throw new AppError("FORBIDDEN");
  return db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id });
    assertStaffReach(ctx, user, "act", "reset the two-factor authentication of");
    if (!user.totpEnabledAt) throw new AppError("CONFLICT", { userMessage: `Two-factor authentication is not on for ${user.username}.` });
    const updated = await tx.user.update({ where: { id: user.id }, data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await queueMail(user.email, mailTemplates.twoFactorReset(user.username), { tx });
    await notifySecurity(tx, { userId: user.id, event: "2fa_reset_by_staff", at: new Date() });
    await recordAudit(
      {
        action: "2fa.reset_by_staff",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: { reason: reason.trim(), before: { twoFactor: true }, after: { twoFactor: false } },
      },
      tx,
    );
    return toPlayerStatus(updated);
  });
}
