import "server-only";
import type { TStaffTicketRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** A player's support tickets, newest first (staff read every ticket: /ticket/{id}). */
export async function listPlayerTickets(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TStaffTicketRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.ticket.findMany({ where: { userId }, orderBy: { id: "desc" }, ...pageWindow(page, pageSize) }),
    db.ticket.count({ where: { userId } }),
  ]);
  return {
    total,
    results: rows.map((t) => ({
      id: t.id,
      title: t.title,
      type: t.type,
      closed: t.closed,
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    })),
  };
}
