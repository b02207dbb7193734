import "server-only";
import type { TTicket, TTicketRating } from "@/lib/schemas/tickets";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { ratingFromApi, TICKET_INCLUDE, ticketNotFound, toTicketDto } from "./ticket-dto";

// POST /api/v1/tickets/{id}/rating: the ticket's owner rates how it was handled, once it is
// closed; rating again replaces it. Only this POST records a rating: the mail's links open the
// ticket page with the choice made and a confirm button (mail scanners follow links). The rating
// counts for the assignee, or else the last member of staff who replied (docs/support-desk.md).

export async function rateTicket(userId: number, id: number, rating: TTicketRating): Promise<TTicket> {
  return db.$transaction(async (tx) => {
    // Scoped like every player read: someone else's ticket is a 404, as if missing.
    const locked = await lockRowById(tx, "ticket", id);
    const t = locked ? await tx.ticket.findFirst({ where: { id, userId } }) : null;
    if (!t) throw ticketNotFound();
    if (!t.closed) throw new AppError("CONFLICT", { userMessage: "You can rate a ticket once it is closed." });
    const lastStaff = t.assigneeId
      ? null
      : await tx.ticketComment.findFirst({ where: { ticketId: id, staff: true, userId: { not: userId } }, orderBy: { id: "desc" }, select: { userId: true } });
    await tx.ticket.update({
      where: { id },
      data: { rating: ratingFromApi(rating), ratedAt: new Date(), ratedStaffId: t.assigneeId ?? lastStaff?.userId ?? null },
    });
    return toTicketDto(await tx.ticket.findUniqueOrThrow({ where: { id }, include: TICKET_INCLUDE }));
  });
}
