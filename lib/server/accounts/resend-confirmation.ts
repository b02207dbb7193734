import "server-only";
import { isBanned } from "@/lib/bans";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { enqueue } from "../jobs/enqueue";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { randomToken, sha256 } from "../security/tokens";
import { EMAIL_CONFIRMATION_TTL_MS } from "./create-account";

/**
 * Sends a new confirmation link to an account still awaiting it. Same outcome whether or not
 * such an account exists; the link and its mail are made by a job, after the answer.
 */
export async function resendConfirmation(input: { username: string; email: string }): Promise<void> {
  const user = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) } });
  if (!user || user.isActive || isBanned(user) || user.emailKey !== input.email.trim().toLowerCase()) return;
  await enqueue("send-confirmation-link", { userId: user.id });
}

/** The send-confirmation-link job: a fresh link, and only the newest one works. */
export async function sendConfirmationLink(userId: number): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user || user.isActive || isBanned(user)) return;
  const token = randomToken();
  const now = new Date();
  await db.$transaction(async (tx) => {
    await tx.emailToken.updateMany({ where: { userId: user.id, kind: "EMAIL_CONFIRMATION", usedAt: null }, data: { usedAt: now } });
    await tx.emailToken.create({
      data: { userId: user.id, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_TTL_MS) },
    });
    await queueMail(user.email, mailTemplates.confirmEmail(user.username, siteLink("/api/v1/users/confirm", { uid: user.id, token })), { tx });
  });
}
