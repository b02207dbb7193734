import "server-only";
import { isBanned } from "@/lib/bans";
import { db } from "../db";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit";
import { mailTemplates } from "../mail/templates";
import { queueMail } from "../mail/send-mail";
import { createResetLink } from "./send-reset-link";
import { sendConfirmationLink } from "./resend-confirmation";

/** At most this many "someone tried to register with your address" emails per account. */
const OWNER_NOTICES: RateLimitRule = { name: "register-owner-notice", limit: 3, windowSec: 60 * 60 };

/** The tell-email-owner job: someone tried to register with this account's email; tell its owner, with a way back in. */
export async function tellEmailOwner(userId: number): Promise<void> {
  const owner = await db.user.findUnique({ where: { id: userId } });
  if (!owner || isBanned(owner)) return;
  if (!(await hitRateLimit(OWNER_NOTICES, String(owner.id))).allowed) return;
  // Still unconfirmed: what the owner needs is a fresh confirmation link, not a new password.
  if (!owner.isActive) return sendConfirmationLink(owner.id);
  await db.$transaction(async (tx) => {
    await queueMail(owner.email, mailTemplates.registrationAttempt(owner.username, await createResetLink(owner.id, tx)), { tx });
  });
}
