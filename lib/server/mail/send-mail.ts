import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { db, type Tx } from "../db";
import { getEnv } from "../env";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import type { MailContent } from "./templates";

// Every email is recorded as a MailMessage row. With SMTP_URL a `send-mail` job delivers it
// (retried with backoff, see docs/jobs.md); without (local mode only) it stays in the outbox
// shown at /dev/outbox. A mail whose link is a secret (MailContent.redacted) keeps the link only
// until it is sent: the send replaces the bodies with the copy without it. In the outbox the
// page is the delivery, so the link stays until sweep-sent-mail redacts it once expired.

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function smtp(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    // Short timeouts: a hung server fails the attempt, and the job's retry tries again later.
    transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    transporterUrl = url;
  }
  return transporter;
}

/** Absolute link from the configured SITE_URL (never from the request's Host header). */
export function siteLink(path: string, query: Record<string, string | number> = {}): string {
  const url = new URL(path, getEnv().SITE_URL);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  return url.toString();
}

/**
 * Records one email and queues its delivery; pass `tx` to do both inside the caller's
 * transaction (a rolled-back change then sends nothing). Never waits for SMTP.
 */
export async function queueMail(to: string, content: MailContent, opts: { tx?: Tx } = {}): Promise<{ id: number }> {
  const { tx } = opts;
  const stored = {
    to,
    subject: content.subject,
    text: content.text,
    html: content.html,
    redactedText: content.redacted?.text ?? null,
    redactedHtml: content.redacted?.html ?? null,
    listUnsubscribe: content.listUnsubscribe ?? null,
  };
  if (!getEnv().SMTP_URL) {
    const row = await (tx ?? db).mailMessage.create({ data: { ...stored, transport: "outbox", status: "SENT", sentAt: new Date() } });
    return { id: row.id };
  }
  const write = async (t: Tx) => {
    const row = await t.mailMessage.create({ data: { ...stored, transport: "smtp", status: "QUEUED" } });
    await enqueue("send-mail", { mailId: row.id }, { tx: t });
    return { id: row.id };
  };
  return tx ? write(tx) : db.$transaction(write);
}

/**
 * The `send-mail` job: delivers a queued row over SMTP once. A row already SENT is skipped, so
 * a retried or duplicated job never sends twice; `isLastAttempt` marks the row FAILED.
 * Left open (docs/jobs.md): a crash after the SMTP server accepted the message but before the
 * row is marked SENT sends it again on retry, with the same Message-ID.
 */
export async function deliverMail(mailId: number, { isLastAttempt }: { isLastAttempt: boolean }): Promise<void> {
  const row = await db.mailMessage.findUnique({ where: { id: mailId } });
  if (!row || row.status === "SENT") return;
  const env = getEnv();
  await db.mailMessage.update({ where: { id: mailId }, data: { attempts: { increment: 1 } } });
  try {
    if (!env.SMTP_URL) throw new Error("SMTP_URL is not set");
    await smtp(env.SMTP_URL).sendMail({
      from: env.MAIL_FROM,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      // Stable across retries: receiving servers can drop a copy re-sent after a crash.
      messageId: `<mail-${row.id}-${row.createdAt.getTime()}@${new URL(env.SITE_URL).hostname}>`,
      // A notification mail: one click in the mail client stops its type (RFC 8058).
      ...(row.listUnsubscribe ? { headers: { "List-Unsubscribe": `<${row.listUnsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
    });
  } catch (e) {
    const error = e instanceof Error ? e.message.slice(0, 500) : "unknown";
    log.warn("mail send failed", { mailId, err: error, final: isLastAttempt });
    await db.mailMessage.update({ where: { id: mailId }, data: { error, status: isLastAttempt ? "FAILED" : "QUEUED" } });
    throw e;
  }
  // Sent: the stored copy loses its live link in the same write (the recipient has it now).
  const redact = row.redactedText !== null ? { text: row.redactedText, html: row.redactedHtml ?? "", redactedText: null, redactedHtml: null } : {};
  await db.mailMessage.update({ where: { id: mailId }, data: { status: "SENT", sentAt: new Date(), error: null, ...redact } });
}
