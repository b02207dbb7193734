import "server-only";
import { type TRegisterInput } from "@/lib/schemas/accounts";
import { verifyCaptcha } from "../captcha/verify-captcha";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { accountExists, createAccount } from "./create-account";

export type RegisterResult = { userId: number; awaitingConfirmation: boolean };

export async function registerUser(input: TRegisterInput, ip: string): Promise<RegisterResult> {
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
    // A job, so the answer's timing does not tell a taken email from a taken name.
    if (ownerId !== null) await enqueue("tell-email-owner", { userId: ownerId });
    log.info("auth.register_clash", { emailTaken: ownerId !== null, ip });
    throw accountExists();
  }
  const { userId, confirmationToken } = result;
  log.info("auth.registered", { userId, confirm });
  if (confirmationToken)
    await queueMail(input.email, mailTemplates.confirmEmail(input.username, siteLink("/api/v1/users/confirm", { uid: userId, token: confirmationToken })));
  return { userId, awaitingConfirmation: confirm };
}
