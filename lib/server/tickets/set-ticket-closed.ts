import "server-only";
import type { TTicket } from "@/lib/schemas/tickets";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import type { Actor } from "../sessions/authenticate-request";
import { TICKET_INCLUDE, ticketNotFound, toTicketDto, visibleTo } from "./ticket-dto";

// PATCH /api/v1/tickets/{id} {closed}: staff close a ticket or open it again (docs/product.md §4). A
// player is first scoped like every read (someone else's ticket is a 404, as if missing), and
// only then refused (403) for their own. A real change is audited in the same transaction and
// emails the player.

export async function setTicketClosed(actor: Pick<Actor, "userId" | "isStaff">, id: number, closed: boolean, ip?: string): Promise<TTicket> {
  return db.$transaction(async (tx) => {
    const ticket = await tx.ticket.findFirst({ where: visibleTo(actor, id), include: { user: { select: { username: true, email: true } } } });
    if (!ticket) throw ticketNotFound();
    if (!actor.isStaff) throw new AppError("FORBIDDEN", { userMessage: "Only staff can open or close tickets." });

    if (ticket.closed !== closed) {
      // Conditional update: two staff clicking at once change it (and mail) once.
      const changed = await tx.ticket.updateMany({ where: { id, closed: !closed }, data: { closed, updatedAt: new Date() } });
      if (changed.count === 1) {
        await recordAudit(
          {
            action: closed ? "ticket.close" : "ticket.reopen",
            actorId: actor.userId,
            targetType: "ticket",
            targetId: id,
            data: { playerId: ticket.userId, reason: null, before: { closed: !closed }, after: { closed } },
            ip: ip ?? null,
          },
          tx,
        );
      }
      if (changed.count === 1 && ticket.userId !== actor.userId) {
        await queueMail(ticket.user.email, mailTemplates.ticketStatus(ticket.user.username, ticket.title, closed, siteLink(`/ticket/${id}`)), { tx });
      }
    }
    return toTicketDto(await tx.ticket.findUniqueOrThrow({ where: { id }, include: TICKET_INCLUDE }));
  });
}
