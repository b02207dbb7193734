import "server-only";
import type { TChangeEmailInput } from "@/lib/schemas/account-controls";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { uniqueViolationOf, violatesColumn } from "../db-errors";
import { AppError } from "../errors";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { randomToken, sha256 } from "../security/tokens";
import { verifyIdentity } from "./verify-identity";
import { notifySecurity } from "../notifications/events";

// Change of email address (docs/accounts.md, "Account controls"): asked with the current password
// (and code), confirmed by a single-use link mailed to the NEW address; the old address is told
// at once and again once it is done. The address changes only when the link is followed.

export const EMAIL_CHANGE_LINK_MS = 24 * 60 * 60 * 1000;
export const CONFIRM_EMAIL_CHANGE_PATH = "/account/confirm-email";
export const SUPPORT_PATH = "/tickets/create";
export const EMAIL_CHANGE_SENT = "We sent a link to your new address. Your address changes when you follow it (within 24 hours).";
export const EMAIL_CHANGED = "Your email address has been changed.";
export const EMAIL_SAME = "This is already your email address.";
/** Another account's address: refused in the words registration uses (docs/accounts.md). */
export const EMAIL_UNAVAILABLE = "This email address cannot be used.";
export const EMAIL_LINK_INVALID = "This link is invalid, has been used or has expired. Ask for a new one from your account settings.";
export const EMAIL_TAKEN_MEANWHILE = "Another account now uses this email address, so the change could not be made.";

export async function requestEmailChange(userId: number, input: TChangeEmailInput, ip: string | null): Promise<void> {
  const user = await verifyIdentity(userId, input.password, input.code, ip);
  const email = input.email.trim();
  const emailKey = email.toLowerCase();
  if (emailKey === user.emailKey) throw new AppError("VALIDATION", { fields: { email: [EMAIL_SAME] }, userMessage: EMAIL_SAME });
  if (await db.user.findUnique({ where: { emailKey }, select: { id: true } })) {
    throw new AppError("VALIDATION", { fields: { email: [EMAIL_UNAVAILABLE] }, userMessage: EMAIL_UNAVAILABLE });
  }
  const token = randomToken();
  await db.$transaction(async (tx) => {
    // Only the newest link works.
    await tx.emailToken.updateMany({ where: { userId, kind: "EMAIL_CHANGE", usedAt: null }, data: { usedAt: new Date() } });
    await tx.emailToken.create({
      data: { userId, kind: "EMAIL_CHANGE", tokenHash: sha256(token), newEmail: email, expiresAt: new Date(Date.now() + EMAIL_CHANGE_LINK_MS) },
    });
    await recordAudit({ action: "account.email_change_requested", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    await queueMail(email, mailTemplates.emailChangeConfirm(user.username, email, siteLink(CONFIRM_EMAIL_CHANGE_PATH, { uid: userId, token })), { tx });
    await queueMail(user.email, mailTemplates.emailChangeRequested(user.username, email, siteLink(SUPPORT_PATH)), { tx });
  });
}

const invalid = () => new AppError("VALIDATION", { fields: { token: [EMAIL_LINK_INVALID] }, userMessage: EMAIL_LINK_INVALID });

/** Follows the link: spends it and moves the account, in one transaction. Answers the new address. */
export async function confirmEmailChange(uid: number, token: string, ip: string | null): Promise<string> {
  try {
    return await db.$transaction(async (tx) => {
      const now = new Date();
      const row = await tx.emailToken.findUnique({ where: { tokenHash: sha256(token) } });
      if (!row || row.userId !== uid || row.kind !== "EMAIL_CHANGE" || row.usedAt || row.expiresAt <= now || !row.newEmail) throw invalid();
      // Spent only if still unspent: two clicks racing move the account once.
      const spent = await tx.emailToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
      if (spent.count !== 1) throw invalid();
      const user = await tx.user.findUniqueOrThrow({ where: { id: uid }, select: { username: true, email: true, deletedAt: true } });
      if (user.deletedAt) throw invalid();
      await tx.user.update({ where: { id: uid }, data: { email: row.newEmail, emailKey: row.newEmail.toLowerCase(), emailVerifiedAt: now } });
      await recordAudit({ action: "account.email_changed", actorId: uid, targetType: "user", targetId: uid, ip }, tx);
      await queueMail(user.email, mailTemplates.emailChanged(user.username, row.newEmail, siteLink(SUPPORT_PATH)), { tx });
      await notifySecurity(tx, { userId: uid, event: "email_changed", at: now });
      return row.newEmail;
    });
  } catch (e) {
    const v = uniqueViolationOf(e);
    if (v && violatesColumn(v, "emailKey")) throw new AppError("CONFLICT", { userMessage: EMAIL_TAKEN_MEANWHILE });
    throw e;
  }
}
