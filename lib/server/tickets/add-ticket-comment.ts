import "server-only";
import { assertNotMuted, isAppealTicketType } from "../punishments/restrictions";
import { TICKET_CLOSED_MESSAGE, type TTicketComment } from "@/lib/schemas/tickets";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { notifyTicketReply } from "../notifications/events";
import { lockRowById } from "../sql/locks";
import { ticketNotFound, toTicketCommentDto, visibleTo } from "./ticket-dto";
import { queueTicketMail } from "./ticket-mail";
import { stateAfterReply } from "./ticket-state";
import { ATTACHMENTS_INCLUDE } from "./attachment-dto";
import { prepareAttachments } from "./ticket-attachments";
import type { TAttachmentUpload } from "@/lib/schemas/ticket-attachments";

// POST /api/v1/tickets/comments: a reply on a ticket the actor may see. A closed ticket takes
// no replies (409: open a new one). A staff reply on someone else's ticket is marked staff, moves
// the ticket to waiting for the player (unless `keepOpen`), counts as its first response if it is
// one, and queues the player's mail (joined with a close that follows within the mail delay); the
// owner's reply moves it back to waiting for staff (docs/support-desk.md). A muted player is refused (403 naming the mute),
// except on an appeal ticket.

export async function addTicketComment(
  actor: Pick<Actor, "userId" | "isStaff">,
  ticketId: number,
  content: string,
  opts: { keepOpen?: boolean; uploads?: readonly TAttachmentUpload[] } = {},
): Promise<TTicketComment> {
  // Checked and re-encoded before the transaction (no row lock held while images decode).
  const attachments = await prepareAttachments(opts.uploads);
  return db.$transaction(async (tx) => {
    // Row lock: a close racing this reply either lands first (reply refused) or after.
    const locked = await lockRowById(tx, "ticket", ticketId);
    const ticket = locked ? await tx.ticket.findFirst({ where: visibleTo(actor, ticketId) }) : null;
    if (!ticket) throw ticketNotFound();
    if (ticket.closed) throw new AppError("CONFLICT", { userMessage: TICKET_CLOSED_MESSAGE });
    // A muted player may still argue their case on an appeal ticket, and nowhere else.
    if (!isAppealTicketType(ticket.type)) await assertNotMuted(actor.userId, tx);

    const now = new Date();
    const comment = await tx.ticketComment.create({
      data: {
        ticketId,
        userId: actor.userId,
        content,
        staff: actor.isStaff,
        createdAt: now,
        attachments: { create: attachments.map((a) => ({ ...a, ticketId })) },
      },
      include: { user: { select: { username: true } }, attachments: ATTACHMENTS_INCLUDE },
    });
    const staffAnswer = actor.isStaff && ticket.userId !== actor.userId;
    const state = stateAfterReply(ticket.state, staffAnswer ? (opts.keepOpen ? "staff-keep-open" : "staff") : "owner");
    await tx.ticket.update({
      where: { id: ticketId },
      data: {
        updatedAt: now,
        ...(state !== ticket.state ? { state, stateSince: now } : {}),
        ...(staffAnswer && !ticket.firstResponseAt ? { firstResponseAt: now } : {}),
      },
    });
    // Staff answering someone else's ticket: tell the player. Their own replies mail nobody.
    if (staffAnswer) {
      await queueTicketMail(tx, ticketId);
      await notifyTicketReply(tx, { ownerId: ticket.userId, ticketId, title: ticket.title, commentId: comment.id });
    }
    return toTicketCommentDto(comment, comment.attachments);
  });
}
