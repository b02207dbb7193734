import "server-only";
import type { TTicket } from "@/lib/schemas/tickets";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { TICKET_INCLUDE, ticketNotFound, toTicketDto, visibleTo } from "./ticket-dto";

/** One ticket with its comments, if `actor` may see it; otherwise null (missing and not yours alike). */
export async function findTicket(actor: Pick<Actor, "userId" | "isStaff">, id: number): Promise<TTicket | null> {
  const row = await db.ticket.findFirst({ where: visibleTo(actor, id), include: TICKET_INCLUDE });
  return row ? toTicketDto(row) : null;
}

/** As findTicket, but a 404 when the actor may not see it. */
export async function getTicketOrThrow(actor: Pick<Actor, "userId" | "isStaff">, id: number): Promise<TTicket> {
  const ticket = await findTicket(actor, id);
  if (!ticket) throw ticketNotFound();
  return ticket;
}
