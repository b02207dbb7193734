import "server-only";
import type { Tx } from "../db";
import { db } from "../db";
import { getEnv } from "../env";
import { playerTicketLink } from "../appeals/appeal-links";
import { enqueue } from "../jobs/enqueue";
import type { JobPayloads } from "../jobs/task-types";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { lockRowById } from "../sql/locks";

// One mail to the player for what staff did on their ticket within TICKET_MAIL_DELAY_SECONDS: a
// reply and a close a moment later are one mail, not two (docs/support-desk.md). Each staff action
// queues the `ticket-player-mail` job under the ticket's job key, keeping the run time of one
// already pending, so the first action starts the wait and the rest join it. The job mails what the
// player has not been told yet (staff replies past `mailedCommentId`, a status other than
// `mailedClosed`) and moves both marks in the same transaction: a retried job mails nothing twice.
// Only player-visible comments are read here: internal notes live in another table.

/** The mail's rating link: the ticket page with the choice made, waiting for the player's confirm. */
export const rateLink = (ticketId: number, rating: string) => `${siteLink(`/ticket/${ticketId}`, { rate: rating })}#rate`;

/** Queues (or joins) the ticket's pending player mail. Call inside the transaction of the staff action. */
export async function queueTicketMail(tx: Tx, ticketId: number): Promise<void> {
  await enqueue(
    "ticket-player-mail",
    { ticketId },
    {
      tx,
      runAt: new Date(Date.now() + getEnv().TICKET_MAIL_DELAY_SECONDS * 1000),
      jobKey: `ticket-player-mail:${ticketId}`,
      jobKeyMode: "preserve_run_at",
    },
  );
}

/** The `ticket-player-mail` job: the one mail for everything staff did since the last one. */
export async function mailTicketPlayer(ticketId: number): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "ticket", ticketId))) return;
    const t = await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, include: { user: { select: { username: true, email: true, deletedAt: true } } } });
    const replies = await tx.ticketComment.findMany({
      where: { ticketId, id: { gt: t.mailedCommentId }, staff: true, userId: { not: t.userId } },
      orderBy: { id: "asc" },
      select: { id: true, content: true },
    });
    const statusChanged = t.closed !== t.mailedClosed;
    if (replies.length === 0 && !statusChanged) return;
    const lastId = replies.at(-1)?.id ?? t.mailedCommentId;
    await tx.ticket.update({ where: { id: ticketId }, data: { mailedCommentId: lastId, mailedClosed: t.closed } });
    if (t.user.deletedAt) return;
    const link = await playerTicketLink(tx, ticketId);
    const content = mailTemplates.ticketUpdate(t.user.username, t.title, {
      replies: replies.map((r) => r.content),
      status: statusChanged ? (t.closed ? "closed" : "reopened") : null,
      link,
      rateUrl: t.closed && !link.appeal ? (rating) => rateLink(ticketId, rating) : null,
    });
    await queueMail(t.user.email, content, { tx });
  });
}

export async function ticketPlayerMailTask(payload: JobPayloads["ticket-player-mail"]): Promise<void> {
  await mailTicketPlayer(payload.ticketId);
}
