import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { TICKETS_PAGE_SIZE, type TStaffQueueQuery, type TTicketSummary } from "@/lib/schemas/tickets";
import { db } from "../db";
import { pageWindow } from "../paging";
import { SUMMARY_INCLUDE, toTicketSummaryDto } from "./ticket-dto";

// The caller's own tickets (My Tickets and GET /api/v1/tickets): always scoped by the signed-in
// user's id, staff included (the staff queue is listTicketQueue).

export type TicketPage = { results: TTicketSummary[]; total: number };

export async function listOwnTickets(userId: number, opts: { page: number; status?: "open" | "closed" }): Promise<TicketPage> {
  const where: Prisma.TicketWhereInput = { userId, ...(opts.status ? { closed: opts.status === "closed" } : {}) };
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, include: SUMMARY_INCLUDE, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], ...pageWindow(opts.page, TICKETS_PAGE_SIZE) }),
    db.ticket.count({ where }),
  ]);
  return { results: rows.map(toTicketSummaryDto), total };
}

/**
 * The staff queue: every ticket, filtered by status and type. Open tickets first, the one
 * waiting longest (oldest last update) first; closed ones after, most recently closed first.
 */
export async function listTicketQueue(query: Omit<TStaffQueueQuery, "page"> & { page: number }): Promise<TicketPage> {
  const where: Prisma.TicketWhereInput = {
    ...(query.status ? { closed: query.status === "closed" } : {}),
    ...(query.type ? { type: query.type } : {}),
  };
  const window = pageWindow(query.page, TICKETS_PAGE_SIZE);
  const total = await db.ticket.count({ where });
  let rows;
  if (query.status) {
    const dir = query.status === "open" ? "asc" : "desc";
    rows = await db.ticket.findMany({ where, include: SUMMARY_INCLUDE, orderBy: [{ updatedAt: dir }, { id: dir }], ...window });
  } else {
    // Open (asc) then closed (desc) in one ordered list: page across the two in turn.
    const openWhere = { ...where, closed: false };
    const openCount = await db.ticket.count({ where: openWhere });
    const open =
      window.skip < openCount
        ? await db.ticket.findMany({ where: openWhere, include: SUMMARY_INCLUDE, orderBy: [{ updatedAt: "asc" }, { id: "asc" }], ...window })
        : [];
    const left = window.take - open.length;
    const closed =
      left > 0
        ? await db.ticket.findMany({
            where: { ...where, closed: true },
            include: SUMMARY_INCLUDE,
            orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
            skip: Math.max(0, window.skip - openCount),
            take: left,
          })
        : [];
    rows = [...open, ...closed];
  }
  return { results: rows.map(toTicketSummaryDto), total };
}
