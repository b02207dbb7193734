import "server-only";
import { TICKET_CLOSED_MESSAGE, type TTicketComment } from "@/lib/schemas/tickets";
import { db } from "../db";
import { AppError } from "../errors";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import type { Actor } from "../sessions/authenticate-request";
import { lockRowById } from "../sql/locks";
import { ticketNotFound, toTicketCommentDto, visibleTo } from "./ticket-dto";

// POST /api/v1/tickets/comments: a reply on a ticket the actor may see. A closed ticket takes
// no replies (409: open a new one). A staff reply is marked staff and emails the ticket's
// owner, queued in the same transaction as the comment.

export async function addTicketComment(actor: Pick<Actor, "userId" | "isStaff">, ticketId: number, content: string): Promise<TTicketComment> {
  return db.$transaction(async (tx) => {
    // Row lock: a close racing this reply either lands first (reply refused) or after.
    const locked = await lockRowById(tx, "ticket", ticketId);
    const ticket = locked
      ? await tx.ticket.findFirst({ where: visibleTo(actor, ticketId), include: { user: { select: { id: true, username: true, email: true } } } })
      : null;
    if (!ticket) throw ticketNotFound();
    if (ticket.closed) throw new AppError("CONFLICT", { userMessage: TICKET_CLOSED_MESSAGE });

    const now = new Date();
    const comment = await tx.ticketComment.create({
      data: { ticketId, userId: actor.userId, content, staff: actor.isStaff, createdAt: now },
      include: { user: { select: { username: true } } },
    });
    await tx.ticket.update({ where: { id: ticketId }, data: { updatedAt: now } });
    // Staff answering someone else's ticket: tell the player. Their own replies mail nobody.
    if (actor.isStaff && ticket.userId !== actor.userId) {
      await queueMail(ticket.user.email, mailTemplates.ticketReply(ticket.user.username, ticket.title, content, siteLink(`/ticket/${ticketId}`)), { tx });
    }
    return toTicketCommentDto(comment);
  });
}
