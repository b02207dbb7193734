import "server-only";
import type { TTicketNote } from "@/lib/schemas/tickets";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { lockRowById } from "../sql/locks";
import { ticketNotFound, toTicketNoteDto } from "./ticket-dto";

// POST /api/v1/staff/tickets/{id}/notes: an internal note. Notes live in their own table, which
// no player-facing read (the ticket page, the ticket API, the player's mail) ever queries; adding
// one does not change the ticket's state, its last update or anything the player sees. Audited.

export async function addTicketNote(actorId: number, ticketId: number, content: string, ip?: string): Promise<TTicketNote> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "ticket", ticketId))) throw ticketNotFound();
    const t = await tx.ticket.findUniqueOrThrow({ where: { id: ticketId }, select: { userId: true } });
    const note = await tx.ticketNote.create({ data: { ticketId, userId: actorId, content }, include: { user: { select: { username: true } } } });
    await recordAudit(
      {
        action: "ticket.note",
        actorId,
        targetType: "ticket",
        targetId: ticketId,
        data: { playerId: t.userId, reason: null, before: null, after: { noteId: note.id } },
        ip: ip ?? null,
      },
      tx,
    );
    return toTicketNoteDto(note);
  });
}
