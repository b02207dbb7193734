import "server-only";
import { log } from "../log";
import { deleteSentMail, redactOldMail } from "./sql/mail-messages";

/** Sent mail is kept this long (support: "did the mail go out?"), then deleted. */
export const SENT_MAIL_RETENTION_DAYS = 30;
/**
 * The longest any mailed link works (the email confirmation link: 24 hours). A mail shown in the
 * local outbox, or one that failed, keeps its link until then; after it the link is dead anyway.
 */
export const SECRET_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The `sweep-sent-mail` job (crontab, hourly). Mail sent over SMTP lost its live link when it
 * was sent; what still carries one here is the local outbox (where the page is the delivery)
 * and mail that failed, and both lose it once the link has expired. Then sent mail older than
 * the retention is deleted. Mail still queued is never touched.
 */
export async function sweepSentMail(now = new Date()): Promise<{ redacted: number; deleted: number }> {
  const redacted = await redactOldMail(new Date(now.getTime() - SECRET_LINK_LIFETIME_MS));
  const deleted = await deleteSentMail(new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000));
  log.info("jobs.swept_sent_mail", { redacted, deleted });
  return { redacted, deleted };
}

export async function sweepSentMailTask(): Promise<void> {
  await sweepSentMail();
}
