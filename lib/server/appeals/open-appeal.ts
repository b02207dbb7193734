import "server-only";
import { APPEAL_LINK_DAYS, type TAppealInput } from "@/lib/schemas/appeals";
import { TICKET_TYPE_LABELS } from "@/lib/schemas/tickets";
import { usernameKey } from "@/lib/usernames";
import { verifyCaptcha } from "../captcha/verify-captcha";
import { db } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { queueMail } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { issueAppealLink } from "./appeal-links";

// POST /api/v1/appeals: a ban appeal or account recovery request from the public /appeal page
// (docs/staff.md, "Appeals and account recovery"). No session: a banned player cannot sign in,
// and recovery is for someone who cannot pass two-factor. Only when the username and email both
// match an account is a ticket opened on it and a link mailed to that address, in one
// transaction; otherwise nothing is written. The caller's answer is the same either way.

export async function openAppeal(input: TAppealInput, ip: string): Promise<void> {
  if (!(await verifyCaptcha(input.captchaToken, ip))) {
    const message = "Human verification failed. Please try again.";
    throw new AppError("VALIDATION", { fields: { captchaToken: [message] }, userMessage: message });
  }
  const user = await db.user.findUnique({
    where: { usernameKey: usernameKey(input.username) },
    select: { id: true, username: true, email: true, emailKey: true },
  });
  if (!user || user.emailKey !== input.email.trim().toLowerCase()) {
    log.info("appeal.requested", { matched: false, type: input.type, ip });
    return;
  }
  const label = TICKET_TYPE_LABELS[input.type];
  const now = new Date();
  const ticketId = await db.$transaction(async (tx) => {
    const ticket = await tx.ticket.create({
      data: {
        userId: user.id,
        type: input.type,
        title: `${label}: ${user.username}`,
        description: input.message,
        createdAt: now,
        updatedAt: now,
      },
      select: { id: true },
    });
    const link = await issueAppealLink(tx, ticket.id, now);
    await queueMail(user.email, mailTemplates.appealLink(user.username, label, link, APPEAL_LINK_DAYS), { tx });
    return ticket.id;
  });
  log.info("appeal.requested", { matched: true, type: input.type, userId: user.id, ticketId, ip });
}
