import "server-only";
import type { TStaffTicket } from "@/lib/schemas/tickets";
import { db, type Tx } from "../db";
import { STAFF_TICKET_INCLUDE, ticketNotFound, toStaffTicketDto } from "./ticket-dto";

// GET /api/v1/staff/tickets/{id} and the staff side of the ticket page: the ticket with its
// internal notes, assignee, priority and first-response target. Staff only (the route's auth and
// the page's guard): the player's own reads never come here.

export async function getStaffTicketOrThrow(id: number, client: Tx | typeof db = db): Promise<TStaffTicket> {
  const row = await client.ticket.findUnique({ where: { id }, include: STAFF_TICKET_INCLUDE });
  if (!row) throw ticketNotFound();
  return toStaffTicketDto(row, new Date());
}
