import "server-only";
import { type TRegisterInput, ZEmail } from "@/lib/schemas/accounts";
import { passwordProblems } from "@/lib/schemas/passwords";
import { usernameKey, usernameProblem } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { verifyCaptcha } from "../captcha/verify-captcha";
import { db } from "../db";
import { uniqueViolationOf } from "../db-errors";
import { getEnv } from "../env";
import { AppError, type FieldErrors } from "../errors";
import { hitRateLimit, type RateLimitRule } from "../http/rate-limit";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { randomToken, sha256 } from "../security/tokens";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords";
import { type DbClient, inTransaction } from "./db-client";
import { hashPassword, UNUSABLE_PASSWORD_HASH } from "./password-hash";
import { createResetLink } from "./passwords";

export const EMAIL_CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One answer for a taken username and a taken email alike, so registration does not tell
 * whether an email address has an account. The owner of the address is emailed instead.
 */
export const ACCOUNT_EXISTS_FIELD = "This username or email address is already in use.";
export const ACCOUNT_EXISTS = "This username or email address is already in use. Choose another username, or if you already have an account, log in or reset your password.";
const accountExists = () => new AppError("VALIDATION", { fields: { username: [ACCOUNT_EXISTS_FIELD], email: [ACCOUNT_EXISTS_FIELD] }, userMessage: ACCOUNT_EXISTS });

/** At most this many "someone tried to register with your address" emails per account. */
const OWNER_NOTICES: RateLimitRule = { name: "register-owner-notice", limit: 3, windowSec: 60 * 60 };

export type NewAccount = { username: string; email: string; password: string | null };
export type CreateAccountResult = { status: "created"; userId: number; confirmationToken: string | null } | { status: "taken"; emailOwnerId: number | null };

/**
 * The rules every new account follows, whoever creates it (registration, the demo seed): the
 * name, email and password rules and uniqueness. No captcha and no mail: the caller decides.
 * `password: null` makes an account that cannot log in until its owner resets the password.
 */
export async function createAccount(input: NewAccount, opts: { confirm: boolean; ip: string | null }, client: DbClient = db): Promise<CreateAccountResult> {
  const fields: FieldErrors = {};
  const nameProblem = usernameProblem(input.username);
  if (nameProblem) fields.username = [nameProblem];
  const email = ZEmail.safeParse(input.email);
  if (!email.success) fields.email = email.error.issues.map((i) => i.message);
  if (input.password !== null) {
    const problems = passwordProblems(input.password);
    if (!problems.length && isCommonPassword(input.password, input.username)) problems.push(COMMON_PASSWORD_MESSAGE);
    if (problems.length) fields.password = problems;
  }
  if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });

  const key = usernameKey(input.username);
  const emailKey = input.email.trim().toLowerCase();
  const [nameClash, emailClash] = await Promise.all([client.user.findUnique({ where: { usernameKey: key } }), client.user.findUnique({ where: { emailKey } })]);
  if (nameClash || emailClash) return { status: "taken", emailOwnerId: emailClash?.id ?? null };

  const passwordHash = input.password === null ? UNUSABLE_PASSWORD_HASH : await hashPassword(input.password);
  const token = opts.confirm ? randomToken() : null;
  try {
    const userId = await inTransaction(client, async (tx) => {
      const user = await tx.user.create({
        data: { username: input.username, usernameKey: key, email: input.email.trim(), emailKey, passwordHash, isActive: !opts.confirm, emailVerifiedAt: null },
      });
      if (token) {
        await tx.emailToken.create({ data: { userId: user.id, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_CONFIRMATION_TTL_MS) } });
      }
      await recordAudit({ action: "account.registered", actorId: user.id, targetType: "user", targetId: user.id, ip: opts.ip }, tx);
      return user.id;
    });
    return { status: "created", userId, confirmationToken: token };
  } catch (e) {
    // Two registrations racing: the unique index decides, and the loser gets the same answer
    // as any clash (so which constraint failed does not matter).
    if (uniqueViolationOf(e)) {
      const owner = await client.user.findUnique({ where: { emailKey }, select: { id: true } });
      return { status: "taken", emailOwnerId: owner?.id ?? null };
    }
    throw e;
  }
}

export type RegisterResult = { userId: number; awaitingConfirmation: boolean };

export async function registerUser(input: TRegisterInput, ip: string): Promise<RegisterResult> {
  if (!(await verifyCaptcha(input.captchaToken, ip))) {
    throw new AppError("VALIDATION", { fields: { captchaToken: ["Human verification failed. Please try again."] }, userMessage: "Human verification failed. Please try again." });
  }
  const confirm = getEnv().EMAIL_CONFIRMATION;
  const result = await createAccount(input, { confirm, ip });
  if (result.status === "taken") {
    const ownerId = result.emailOwnerId;
    // A job, so the answer's timing does not tell a taken email from a taken name.
    if (ownerId !== null) await enqueue("tell-email-owner", { userId: ownerId });
    log.info("auth.register_clash", { emailTaken: ownerId !== null, ip });
    throw accountExists();
  }
  const { userId, confirmationToken } = result;
  log.info("auth.registered", { userId, confirm });
  if (confirmationToken) await queueMail(input.email, mailTemplates.confirmEmail(input.username, siteLink("/api/v1/users/confirm", { uid: userId, token: confirmationToken })));
  return { userId, awaitingConfirmation: confirm };
}

/** The tell-email-owner job: someone tried to register with this account's email; tell its owner, with a way back in. */
export async function tellEmailOwner(userId: number): Promise<void> {
  const owner = await db.user.findUnique({ where: { id: userId } });
  if (!owner || owner.bannedAt) return;
  if (!(await hitRateLimit(OWNER_NOTICES, String(owner.id))).allowed) return;
  // Still unconfirmed: what the owner needs is a fresh confirmation link, not a new password.
  if (!owner.isActive) return sendConfirmationLink(owner.id);
  await db.$transaction(async (tx) => {
    await queueMail(owner.email, mailTemplates.registrationAttempt(owner.username, await createResetLink(owner.id, tx)), { tx });
  });
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
