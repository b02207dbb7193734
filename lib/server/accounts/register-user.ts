import "server-only";
import type { TRegisterInput } from "@/lib/schemas/accounts";
import { usernameKey } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { verifyCaptcha } from "../captcha/verify-captcha";
import { db, Prisma } from "../db";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { randomToken, sha256 } from "../security/tokens";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { hashPassword } from "./password-hash";

export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

const taken = (fields: Record<string, string[]>) => new AppError("VALIDATION", { fields, userMessage: "Some fields are invalid." });

export type RegisterResult = { userId: number; awaitingConfirmation: boolean };

export async function registerUser(input: TRegisterInput, ip: string): Promise<RegisterResult> {
  if (!(await verifyCaptcha(input.captchaToken, ip))) {
    throw new AppError("VALIDATION", { fields: { captchaToken: ["Human verification failed. Please try again."] }, userMessage: "Human verification failed. Please try again." });
  }
  if (isCommonPassword(input.password, input.username)) throw taken({ password: [COMMON_PASSWORD_MESSAGE] });

  const key = usernameKey(input.username);
  const emailKey = input.email.toLowerCase();
  const [nameClash, emailClash] = await Promise.all([db.user.findUnique({ where: { usernameKey: key } }), db.user.findUnique({ where: { emailKey } })]);
  const clash: Record<string, string[]> = {};
  if (nameClash) clash.username = ["This username is already taken."];
  if (emailClash) clash.email = ["An account with this email already exists."];
  if (Object.keys(clash).length) throw taken(clash);

  const confirm = getEnv().EMAIL_CONFIRMATION;
  const passwordHash = await hashPassword(input.password);
  const token = confirm ? randomToken() : null;
  let userId: number;
  try {
    userId = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { username: input.username, usernameKey: key, email: input.email, emailKey, passwordHash, isActive: !confirm, emailVerifiedAt: null },
      });
      if (token) {
        await tx.emailToken.create({ data: { userId: user.id, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_MS) } });
      }
      await recordAudit({ action: "account.registered", actorId: user.id, targetType: "user", targetId: user.id, ip }, tx);
      return user.id;
    });
  } catch (e) {
    // Two registrations racing for one name: the unique index decides, the loser gets a field error.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      const target = String(e.meta?.target ?? "");
      throw taken(target.includes("email") ? { email: ["An account with this email already exists."] } : { username: ["This username is already taken."] });
    }
    throw e;
  }
  log.info("auth.registered", { userId, confirm });
  if (token) await queueMail(input.email, mailTemplates.confirmEmail(input.username, siteLink("/api/v1/users/confirm", { uid: userId, token })));
  return { userId, awaitingConfirmation: confirm };
}

/** Follows the emailed link: activates the account once, before it expires. */
export async function confirmEmail(uid: string, token: string): Promise<boolean> {
  const userId = Number(uid);
  if (!Number.isInteger(userId) || userId <= 0 || !token) return false;
  const now = new Date();
  return db.$transaction(async (tx) => {
    const used = await tx.emailToken.updateMany({
      where: { userId, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1) return false;
    await tx.user.update({ where: { id: userId }, data: { isActive: true, emailVerifiedAt: now } });
    await recordAudit({ action: "account.email_confirmed", actorId: userId, targetType: "user", targetId: userId }, tx);
    return true;
  });
}

/**
 * Sends a new confirmation link to an account still awaiting it. Same outcome whether or not
 * such an account exists; the link and its mail are made by a job, after the answer.
 */
export async function resendConfirmation(input: { username: string; email: string }): Promise<void> {
  const user = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) } });
  if (!user || user.isActive || user.bannedAt || user.emailKey !== input.email.toLowerCase()) return;
  await enqueue("send-confirmation-link", { userId: user.id });
}

/** The send-confirmation-link job: a fresh link, and only the newest one works. */
export async function sendConfirmationLink(userId: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.isActive || user.bannedAt) return;
  const token = randomToken();
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.emailToken.updateMany({ where: { userId: user.id, kind: "EMAIL_CONFIRMATION", usedAt: null }, data: { usedAt: now } });
    await tx.emailToken.create({ data: { userId: user.id, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS) } });
    await queueMail(user.email, mailTemplates.confirmEmail(user.username, siteLink("/api/v1/users/confirm", { uid: user.id, token })), { tx });
  });
}
