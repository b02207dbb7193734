import "server-only";
import { APPEAL_LINK_INVALID, type TAppealComment, type TAppealTicket, type TAppealType } from "@/lib/schemas/appeals";
import { TICKET_TYPE_LABELS } from "@/lib/schemas/tickets";
import { db } from "../db";
import { AppError } from "../errors";
import { sha256 } from "../security/tokens";
import { addTicketComment } from "../tickets/add-ticket-comment";

// The emailed appeal link (POST /api/v1/appeals/ticket and /comments): its token, stored only as
// a hash, opens that one ticket to read and answer, as the account it was opened on, without a
// session (a banned account cannot sign in). An unknown, expired or malformed token is a 404.

const linkInvalid = () => new AppError("NOT_FOUND", { userMessage: APPEAL_LINK_INVALID });

async function appealTicketIdOrThrow(token: string): Promise<{ ticketId: number; userId: number }> {
  const appeal = await db.ticketAppeal.findUnique({
    where: { tokenHash: sha256(token) },
    select: { ticketId: true, expiresAt: true, ticket: { select: { userId: true } } },
  });
  if (!appeal || appeal.expiresAt <= new Date()) throw linkInvalid();
  return { ticketId: appeal.ticketId, userId: appeal.ticket.userId };
}

export async function readAppealTicket(token: string): Promise<TAppealTicket> {
  const { ticketId } = await appealTicketIdOrThrow(token);
  const t = await db.ticket.findUniqueOrThrow({
    where: { id: ticketId },
    include: {
      user: { select: { username: true } },
      comments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { username: true } } } },
    },
  });
  return {
    id: t.id,
    title: t.title,
    type: t.type as TAppealType,
    type_label: TICKET_TYPE_LABELS[t.type],
    description: t.description,
    user: t.user.username,
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
    closed: t.closed,
    comments: t.comments.map((c) => ({ id: c.id, content: c.content, user: c.user.username, date: c.createdAt.toISOString(), staff: c.staff })),
  };
}

/** A reply as the account the appeal was opened on, never marked staff (a staff account's own recovery included). */
export async function addAppealComment(token: string, content: string): Promise<TAppealComment> {
  const { ticketId, userId } = await appealTicketIdOrThrow(token);
  const { attachments: _none, ...comment } = await addTicketComment({ userId, isStaff: false }, ticketId, content);
  return comment;
}
