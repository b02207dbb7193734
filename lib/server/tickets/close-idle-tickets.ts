import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { db } from "../db";
import { getEnv } from "../env";
import { playerTicketLink } from "../appeals/appeal-links";
import { queueMail } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { notifyTicketStatus } from "../notifications/events";
import { rateLink } from "./ticket-mail";

// The close-idle-tickets job (crontab, hourly): a ticket that has waited TICKET_AUTO_CLOSE_DAYS
// for the player's answer closes itself, and the player gets a mail (with the rating links) and a
// notification, in the transaction that closes it. Each ticket closes by a conditional update, so
// a player's reply, a staff action or a second runner at the same moment closes and mails it at
// most once (docs/support-desk.md).

const BATCH = 200;

/** Closes every ticket waiting for the player since before the cut-off; returns how many. */
export async function closeIdleTickets(now = new Date()): Promise<number> {
  const days = getEnv().TICKET_AUTO_CLOSE_DAYS;
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let closed = 0;
  for (;;) {
    const due = await db.ticket.findMany({
      where: { state: "WAITING_FOR_PLAYER", stateSince: { lt: cutoff } },
      orderBy: { stateSince: "asc" },
      take: BATCH,
      select: { id: true },
    });
    for (const { id } of due) if (await closeOne(id, cutoff, days)) closed += 1;
    if (due.length < BATCH) return closed;
  }
}

async function closeOne(id: number, cutoff: Date, days: number): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const at = new Date();
    const changed = await tx.ticket.updateMany({
      where: { id, state: "WAITING_FOR_PLAYER", stateSince: { lt: cutoff } },
      data: { state: "CLOSED", closed: true, stateSince: at, updatedAt: at, mailedClosed: true },
    });
    if (changed.count !== 1) return false;
    const t = await tx.ticket.findUniqueOrThrow({ where: { id }, include: { user: { select: { username: true, email: true, deletedAt: true } } } });
    if (!t.user.deletedAt) {
      const link = await playerTicketLink(tx, id);
      const rate = link.appeal ? null : (r: "good" | "okay" | "bad") => rateLink(id, r);
      await queueMail(t.user.email, mailTemplates.ticketAutoClosed(t.user.username, t.title, days, link, rate), { tx });
    }
    await notifyTicketStatus(tx, { ownerId: t.userId, ticketId: id, title: t.title, closed: true, change: at });
    return true;
  });
}

export async function closeIdleTicketsTask(_payload: JobPayloads["close-idle-tickets"]): Promise<void> {
  await closeIdleTickets();
}
