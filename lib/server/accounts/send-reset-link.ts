import "server-only";
import { db } from "../db";
import { mailTemplates } from "../mail/templates";
import { queueMail, siteLink } from "../mail/send-mail";
import { randomToken, sha256 } from "../security/tokens";
import { type DbClient } from "./db-client";

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

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

/** /account/change-password: the signed-in player emails themself a reset link. */
export async function sendOwnResetLink(userId: number): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  await issueResetLink(user);
}
