import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { TICKETS_PAGE_SIZE, type TStaffQueueQuery, type TStaffTicketSummary, type TTicketSummary } from "@/lib/schemas/tickets";
import { db } from "../db";
import { pageWindow } from "../paging";
import { STAFF_SUMMARY_INCLUDE, stateFromApi, SUMMARY_INCLUDE, toStaffTicketSummaryDto, toTicketSummaryDto } from "./ticket-dto";

// The caller's own tickets (My Tickets and GET /api/v1/tickets): always scoped by the signed-in
// user's id, staff included (the staff queue is listTicketQueue).

export type TicketPage = { results: TTicketSummary[]; total: number };
export type StaffTicketPage = { results: TStaffTicketSummary[]; total: number };

export async function listOwnTickets(userId: number, opts: { page: number; status?: "open" | "closed" }): Promise<TicketPage> {
  const where: Prisma.TicketWhereInput = { userId, ...(opts.status ? { closed: opts.status === "closed" } : {}) };
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where, include: SUMMARY_INCLUDE, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], ...pageWindow(opts.page, TICKETS_PAGE_SIZE) }),
    db.ticket.count({ where }),
  ]);
  return { results: rows.map(toTicketSummaryDto), total };
}

/**
 * The staff queue: every ticket, filtered by status or state, type and assignee. Tickets waiting
 * for staff first, the one waiting longest first; then those waiting for the player, the longest
 * first; closed ones last, most recently closed first. `now` dates the first-response targets.
 */
export async function listTicketQueue(query: Omit<TStaffQueueQuery, "page"> & { page: number }, actorId: number, now = new Date()): Promise<StaffTicketPage> {
  const where: Prisma.TicketWhereInput = {
    ...(query.status ? { closed: query.status === "closed" } : {}),
    ...(query.state ? { state: stateFromApi(query.state) } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.assignee === "mine" ? { assigneeId: actorId } : query.assignee === "unassigned" ? { assigneeId: null } : {}),
  };
  const window = pageWindow(query.page, TICKETS_PAGE_SIZE);
  const total = await db.ticket.count({ where });
  // Not closed (state in queue order: OPEN before WAITING_FOR_PLAYER, oldest first), then closed
  // (newest first), in one ordered list: page across the two in turn.
  const liveWhere: Prisma.TicketWhereInput = { AND: [where, { closed: false }] };
  const liveCount = await db.ticket.count({ where: liveWhere });
  const live =
    window.skip < liveCount
      ? await db.ticket.findMany({
          where: liveWhere,
          include: STAFF_SUMMARY_INCLUDE,
          orderBy: [{ state: "asc" }, { stateSince: "asc" }, { id: "asc" }],
          ...window,
        })
      : [];
  const left = window.take - live.length;
  const closed =
    left > 0
      ? await db.ticket.findMany({
          where: { AND: [where, { closed: true }] },
          include: STAFF_SUMMARY_INCLUDE,
          orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
          skip: Math.max(0, window.skip - liveCount),
          take: left,
        })
      : [];
  return { results: [...live, ...closed].map((t) => toStaffTicketSummaryDto(t, now)), total };
}
