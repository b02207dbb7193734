import "server-only";
import { type TRegisterInput } from "@/lib/schemas/accounts";
import { verifyCaptcha } from "../captcha/verify-captcha";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { createAccount, emailRefused, usernameTaken } from "./create-account";
import { hashPassword } from "./password-hash";
import { assertAddressNotBanned } from "../punishments/restrictions";

/** `userId` is null when the answer only looks like a new account's (an email in use, confirmation on). */
export type RegisterResult = { userId: number; awaitingConfirmation: false } | { userId: number | null; awaitingConfirmation: true };

/**
 * docs/accounts.md, Registration: a taken username is named as such; an email in use is never
 * confirmed. With email confirmation on, an email in use (and a free name) gets the very answer a
 * new account gets, "check your email", and the address's owner is emailed; without it the
 * account cannot be made, so the answer refuses the address without saying why.
 */
export async function registerUser(input: TRegisterInput, ip: string): Promise<RegisterResult> {
  // No new accounts from a banned address (docs/staff.md, "Punishments").
  await assertAddressNotBanned(ip);
  if (!(await verifyCaptcha(input.captchaToken, ip))) {
    throw new AppError("VALIDATION", {
      fields: { captchaToken: ["Human verification failed. Please try again."] },
      userMessage: "Human verification failed. Please try again.",
    });
  }
  const confirm = getEnv().EMAIL_CONFIRMATION;
  const result = await createAccount(input, { confirm, ip });
  if (result.status === "taken") {
    const ownerId = result.emailOwnerId;
    // A job, so the answer's timing does not tell a taken email from a free one.
    if (ownerId !== null) await enqueue("tell-email-owner", { userId: ownerId });
    log.info("auth.register_clash", { nameTaken: result.nameTaken, emailTaken: ownerId !== null, ip });
    if (result.nameTaken) throw usernameTaken();
    if (!confirm) throw emailRefused();
    // As long as a new account's answer takes: the password is hashed there too.
    await hashPassword(input.password);
    return { userId: null, awaitingConfirmation: true };
  }
  const { userId, confirmationToken } = result;
  log.info("auth.registered", { userId, confirm });
  if (confirmationToken)
    await queueMail(input.email, mailTemplates.confirmEmail(input.username, siteLink("/api/v1/users/confirm", { uid: userId, token: confirmationToken })));
  return confirm ? { userId, awaitingConfirmation: true } : { userId, awaitingConfirmation: false };
}
