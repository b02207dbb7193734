import "server-only";
import type { TPlayerNote } from "@/lib/schemas/punishments";
import { assertStaffReach, lockAccount } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffContext, type StaffViewer } from "../staff/player-dto";

// Private staff notes on a player: read by staff who may read the player's record, written by
// staff who may act on the account (not on their own), each write audited with the note.

const include = { author: { select: { username: true } } } as const;
const toNote = (n: { id: number; body: string; createdAt: Date; author: { username: string } }): TPlayerNote => ({
  id: n.id,
  body: n.body,
  author: n.author.username,
  createdAt: n.createdAt.toISOString(),
});

export async function listPlayerNotes(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TPlayerNote>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.playerNote.findMany({ where: { userId }, include, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(page, pageSize) }),
    db.playerNote.count({ where: { userId } }),
  ]);
  return { total, results: rows.map(toNote) };
}

export async function addPlayerNote(userId: number, body: string, ctx: StaffContext): Promise<TPlayerNote> {
  return db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id: userId });
    assertStaffReach({ actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip }, user, "act", "write a note on");
    const note = await tx.playerNote.create({ data: { userId: user.id, authorId: ctx.actorId, body }, include });
    await recordAudit(
      {
        action: "punishment.note_added",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: { reason: null, before: null, after: { noteId: note.id, body } },
      },
      tx,
    );
    return toNote(note);
  });
}
