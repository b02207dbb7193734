import "server-only";
import { type TChangePasswordInput, type TRequestResetInput } from "@/lib/schemas/accounts";
import { usernameKey } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { randomToken, sha256 } from "../security/tokens";
import { revokeAllSessions, type SessionRef } from "../sessions/browser-sessions";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { type DbClient } from "./db-client";
import { hashPassword, verifyPassword } from "./password-hash";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/** Change password on /account: the current password is required; every other session ends. */
export async function changePassword(userId: number, keep: SessionRef, input: TChangePasswordInput, ip: string): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError("VALIDATION", { fields: { password: ["Your current password is incorrect."] }, userMessage: "Your current password is incorrect." });
  }
  if (isCommonPassword(input.newPassword, user.username)) throw new AppError("VALIDATION", { fields: { newPassword: [COMMON_PASSWORD_MESSAGE] }, userMessage: COMMON_PASSWORD_MESSAGE });
  if (input.newPassword === input.password) {
    throw new AppError("VALIDATION", { fields: { newPassword: ["Choose a password different from your current one."] }, userMessage: "Choose a password different from your current one." });
  }
  const passwordHash = await hashPassword(input.newPassword);
  // One transaction: the new password never stands while the other sessions live on.
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } });
    await revokeAllSessions(userId, "password changed", keep, tx);
    await recordAudit({ action: "account.password_changed", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    await queueMail(user.email, mailTemplates.passwordChanged(user.username), { tx });
  });
}

/** A new single-use reset link for the account (the token is stored hashed). */
export async function createResetLink(userId: number, client: DbClient = db): Promise<string> {
  const token = randomToken();
  await client.emailToken.create({ data: { userId, kind: "PASSWORD_RESET", tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) } });
  return siteLink("/account/reset-password", { uid: userId, token });
}

async function issueResetLink(user: { id: number; username: string; email: string }): Promise<void> {
  // The token and its mail commit together: no link without its mail, no mail without its link.
  await db.$transaction(async (tx) => {
    await queueMail(user.email, mailTemplates.passwordReset(user.username, await createResetLink(user.id, tx)), { tx });
  });
}

/** Same outcome whether or not the account exists: the answer never reveals it. */
export async function requestPasswordReset(input: TRequestResetInput, ip: string): Promise<void> {
  const user = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) } });
  if (!user || user.emailKey !== input.email.toLowerCase() || user.bannedAt) {
    log.info("auth.reset_requested", { matched: false, ip });
    return;
  }
  // Only a job is queued here (one insert): the link and its mail are made by the job, so the
  // response time barely tells who has an account.
  await enqueue("send-reset-link", { userId: user.id });
  log.info("auth.reset_requested", { matched: true, userId: user.id, ip });
}

/** /account/change-password: the signed-in player emails themself a reset link. */
export async function sendOwnResetLink(userId: number): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  await issueResetLink(user);
}

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
  if (isCommonPassword(input.password, username)) throw new AppError("VALIDATION", { fields: { password: [COMMON_PASSWORD_MESSAGE] }, userMessage: COMMON_PASSWORD_MESSAGE });
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
    return true;
  });
  if (!ok) throw new AppError("VALIDATION", { userMessage: INVALID_LINK });
  await queueMail(email, mailTemplates.passwordChanged(username));
}
