import "server-only";
import { isBanned } from "@/lib/bans";
import { type TRequestResetInput } from "@/lib/schemas/accounts";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";

/** Same outcome whether or not the account exists: the answer never reveals it. */
export async function requestPasswordReset(input: TRequestResetInput, ip: string): Promise<void> {
  const user = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) } });
  if (!user || user.emailKey !== input.email.trim().toLowerCase() || isBanned(user)) {
    log.info("auth.reset_requested", { matched: false, ip });
    return;
  }
  // Only a job is queued here (one insert): the link and its mail are made by the job, so the
  // response time barely tells who has an account.
  await enqueue("send-reset-link", { userId: user.id });
  log.info("auth.reset_requested", { matched: true, userId: user.id, ip });
}
