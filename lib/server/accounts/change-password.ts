import "server-only";
import { type TChangePasswordInput } from "@/lib/schemas/accounts";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { mailTemplates } from "../mail/templates";
import { queueMail } from "../mail/send-mail";
import { notifySecurity } from "../notifications/events";
import { revokeAllSessions, type SessionRef } from "../sessions/browser-sessions";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { hashPassword, verifyPassword } from "./password-hash";

/** Change password on /account: the current password is required; every other session ends. */
export async function changePassword(userId: number, keep: SessionRef, input: TChangePasswordInput, ip: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true, passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError("VALIDATION", { fields: { password: ["Your current password is incorrect."] }, userMessage: "Your current password is incorrect." });
  }
  if (isCommonPassword(input.newPassword, user.username))
    throw new AppError("VALIDATION", { fields: { newPassword: [COMMON_PASSWORD_MESSAGE] }, userMessage: COMMON_PASSWORD_MESSAGE });
  if (input.newPassword === input.password) {
    throw new AppError("VALIDATION", {
      fields: { newPassword: ["Choose a password different from your current one."] },
      userMessage: "Choose a password different from your current one.",
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // One transaction: the new password never stands while the other sessions live on.
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } });
    await revokeAllSessions(userId, "password changed", keep, tx);
    await recordAudit({ action: "account.password_changed", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    await queueMail(user.email, mailTemplates.passwordChanged(user.username), { tx });
    await notifySecurity(tx, { userId, event: "password_changed", at: new Date() });
  });
}
