import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import type { MailContent } from "./templates";

// Every email is recorded; with SMTP_URL it is sent over SMTP, otherwise (local mode only)
// it stays in the outbox shown at /dev/outbox.

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function smtp(url: string): Transporter {
  if (!transporter || transporterUrl !== url) {
    transporter = nodemailer.createTransport(url);
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

/** Sends (or stores) one email. Failures are logged and recorded, never thrown at the caller. */
export async function sendMail(to: string, content: MailContent): Promise<{ id: number; sent: boolean }> {
  const env = getEnv();
  const transport = env.SMTP_URL ? "smtp" : "outbox";
  const row = await db.mailMessage.create({ data: { to, subject: content.subject, text: content.text, html: content.html, transport, status: transport === "outbox" ? "SENT" : "QUEUED", sentAt: transport === "outbox" ? new Date() : null } });
  if (!env.SMTP_URL) return { id: row.id, sent: true };
  try {
    await smtp(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, to, subject: content.subject, text: content.text, html: content.html });
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "SENT", sentAt: new Date() } });
    return { id: row.id, sent: true };
  } catch (e) {
    log.error("mail send failed", { mailId: row.id, err: e instanceof Error ? e.message : String(e) });
    await db.mailMessage.update({ where: { id: row.id }, data: { status: "FAILED", error: e instanceof Error ? e.message.slice(0, 500) : "unknown" } });
    return { id: row.id, sent: false };
  }
}
