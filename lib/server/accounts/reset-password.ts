import "server-only";
import { recordAudit } from "../audit/record-audit";
import { notifySecurity } from "../notifications/events";
import { db } from "../db";
import { AppError } from "../errors";
import { mailTemplates } from "../mail/templates";
import { queueMail } from "../mail/send-mail";
import { sha256 } from "../security/tokens";
import { revokeAllSessions } from "../sessions/browser-sessions";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password-hash";

const INVALID_LINK = "This password reset link is invalid or has expired. Please request a new one.";

/**
 * Single use, 30 minutes; success ends every session and notifies the player by email. The
 * link is checked before the new password, so without a valid link nothing about the account
 * (not even "too common", which depends on its name) is revealed.
 */
export async function resetPassword(input: { uid: string; token: string; password: string }, ip: string): Promise<void> {
  const userId = Number(input.uid);
  // Past the id column's range no link can exist (and the query would fail, not miss).
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647) throw new AppError("VALIDATION", { userMessage: INVALID_LINK });
  const tokenHash = sha256(input.token);
  const live = (now: Date) => ({ userId, kind: "PASSWORD_RESET" as const, tokenHash, usedAt: null, expiresAt: { gt: now } });
  const link = await db.emailToken.findFirst({ where: live(new Date()), include: { user: { select: { username: true, email: true } } } });
  if (!link) throw new AppError("VALIDATION", { userMessage: INVALID_LINK });
  const { username, email } = link.user;
  if (isCommonPassword(input.password, username))
    throw new AppError("VALIDATION", { fields: { password: [COMMON_PASSWORD_MESSAGE] }, userMessage: COMMON_PASSWORD_MESSAGE });
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const ok = await db.$transaction(async (tx) => {
    // Claimed again here: of two requests racing with one link, only one wins.
    const used = await tx.emailToken.updateMany({ where: live(now), data: { usedAt: now } });
    if (used.count !== 1) return false;
    // Any other outstanding reset links for this account die with this one.
    await tx.emailToken.updateMany({ where: { userId, kind: "PASSWORD_RESET", usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: now } });
    await revokeAllSessions(userId, "password reset", undefined, tx);
    await recordAudit({ action: "account.password_reset", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    await notifySecurity(tx, { userId, event: "password_reset", at: now });
    return true;
  });
  if (!ok) throw new AppError("VALIDATION", { userMessage: INVALID_LINK });
  await queueMail(email, mailTemplates.passwordChanged(username));
}
