import "server-only";
import { db } from "../../db";

/**
 * Puts the copy without the live link in place of the bodies of every mail that still carries
 * one, was created before `before` and is no longer waiting to be sent; the number of rows.
 */
export async function redactOldMail(before: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE mail_messages SET text = "redactedText", html = COALESCE("redactedHtml", ''), "redactedText" = NULL, "redactedHtml" = NULL
    WHERE "redactedText" IS NOT NULL AND status <> 'QUEUED' AND "createdAt" < ${before}`;
}

/** Deletes mail sent before `before`; the number of rows. */
export async function deleteSentMail(before: Date): Promise<number> {
  return db.$executeRaw`DELETE FROM mail_messages WHERE status = 'SENT' AND "sentAt" < ${before}`;
}
