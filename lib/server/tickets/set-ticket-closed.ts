import "server-only";
import type { TTicket } from "@/lib/schemas/tickets";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { notifyTicketStatus } from "../notifications/events";
import type { Actor } from "../sessions/authenticate-request";
import { stateToApi, TICKET_INCLUDE, ticketNotFound, toTicketDto, visibleTo } from "./ticket-dto";
import { queueTicketMail } from "./ticket-mail";

// PATCH /api/v1/tickets/{id} {closed}: staff close a ticket or open it again (docs/product.md §4). A
// player is first scoped like every read (someone else's ticket is a 404, as if missing), and
// only then refused (403) for their own. A real change is audited in the same transaction, moves
// the state (closed, or open: waiting for staff) and queues the player's mail, which a staff reply
// just before joins (docs/support-desk.md).

export async function setTicketClosed(actor: Pick<Actor, "userId" | "isStaff">, id: number, closed: boolean, ip?: string): Promise<TTicket> {
  return db.$transaction(async (tx) => {
    const ticket = await tx.ticket.findFirst({ where: visibleTo(actor, id) });
    if (!ticket) throw ticketNotFound();
    if (!actor.isStaff) throw new AppError("FORBIDDEN", { userMessage: "Only staff can open or close tickets." });

    if (ticket.closed !== closed) {
      // Conditional update: two staff clicking at once change it (and mail) once.
      const at = new Date();
      const changed = await tx.ticket.updateMany({
        where: { id, closed: !closed },
        // Their own ticket mails nobody: nothing is left to tell.
        data: { closed, state: closed ? "CLOSED" : "OPEN", stateSince: at, updatedAt: at, ...(ticket.userId === actor.userId ? { mailedClosed: closed } : {}) },
      });
      if (changed.count === 1) {
        await recordAudit(
          {
            action: closed ? "ticket.close" : "ticket.reopen",
            actorId: actor.userId,
            targetType: "ticket",
            targetId: id,
            data: {
              playerId: ticket.userId,
              reason: null,
              before: { closed: !closed, state: stateToApi(ticket.state) },
              after: { closed, state: closed ? "closed" : "open" },
            },
            ip: ip ?? null,
          },
          tx,
        );
      }
      if (changed.count === 1 && ticket.userId !== actor.userId) {
        await queueTicketMail(tx, id);
        await notifyTicketStatus(tx, { ownerId: ticket.userId, ticketId: id, title: ticket.title, closed, change: at });
      }
    }
    return toTicketDto(await tx.ticket.findUniqueOrThrow({ where: { id }, include: TICKET_INCLUDE }));
  });
}
