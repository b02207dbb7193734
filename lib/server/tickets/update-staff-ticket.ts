import "server-only";
import type { TStaffTicket, TTicketPriority } from "@/lib/schemas/tickets";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { getStaffTicketOrThrow } from "./get-staff-ticket";
import { priorityFromApi, priorityToApi, ticketNotFound } from "./ticket-dto";

// PATCH /api/v1/staff/tickets/{id}: assign the ticket (to yourself or another member of staff, or
// to nobody) and set its priority. Tickets are content, not an account, so any moderator may do
// this on any ticket, as with closing (docs/staff.md). Each real change is one audit entry, in the
// transaction that makes it; sending what is already there changes and audits nothing.

/** The PATCH body (zPatch's output, typed by its fields): absent fields are left as they are. */
export type StaffTicketPatch = { assignee?: number | null; priority?: TTicketPriority };

export async function updateStaffTicket(actorId: number, id: number, patch: StaffTicketPatch, ip?: string): Promise<TStaffTicket> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "ticket", id))) throw ticketNotFound();
    const t = await tx.ticket.findUniqueOrThrow({ where: { id }, include: { assignee: { select: { username: true } } } });
    type Fields = Record<string, string | number | null>;
    const audit = (action: string, before: Fields, after: Fields) =>
      recordAudit({ action, actorId, targetType: "ticket", targetId: id, data: { playerId: t.userId, reason: null, before, after }, ip: ip ?? null }, tx);

    if (patch.assignee !== undefined && patch.assignee !== t.assigneeId) {
      let username: string | null = null;
      if (patch.assignee !== null) {
        const staff = await tx.user.findFirst({ where: { id: patch.assignee, privilege: { not: "PLAYER" }, deletedAt: null }, select: { username: true } });
        if (!staff) throw new AppError("VALIDATION", { fields: { assignee: ["Tickets can be assigned only to staff members."] } });
        username = staff.username;
      }
      await tx.ticket.update({ where: { id }, data: { assigneeId: patch.assignee } });
      await audit("ticket.assign", { assignee: t.assignee?.username ?? null, assigneeId: t.assigneeId }, { assignee: username, assigneeId: patch.assignee });
    }
    if (patch.priority !== undefined && priorityFromApi(patch.priority) !== t.priority) {
      await tx.ticket.update({ where: { id }, data: { priority: priorityFromApi(patch.priority) } });
      await audit("ticket.priority", { priority: priorityToApi(t.priority) }, { priority: patch.priority });
    }
    return getStaffTicketOrThrow(id, tx);
  });
}
