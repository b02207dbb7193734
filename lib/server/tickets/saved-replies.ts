import "server-only";
import type { SavedReply } from "@/lib/generated/prisma/client";
import { SAVED_REPLY_TITLE_TAKEN, type TSavedReply } from "@/lib/schemas/saved-replies";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { uniqueViolationOf } from "../db-errors";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";

// Saved replies (docs/staff.md, "Saved replies"): moderators and up keep them; the body's
// placeholders were checked by the input schema. Each change is audited in its own transaction
// with the reply before and after. Filling one for a ticket is fill-saved-reply.ts.

export type SavedReplyActor = { actorId: number; ip: string | null };

export const toSavedReplyDto = (r: SavedReply): TSavedReply => ({ id: r.id, title: r.title, body: r.body, updatedAt: r.updatedAt.toISOString() });
const auditShape = (r: SavedReply) => ({ title: r.title, body: r.body });

export const savedReplyNotFound = () => new AppError("NOT_FOUND", { userMessage: "No such saved reply." });

/** A taken title is a field error worded for the form, as a 409 (the title's row exists). */
async function titleUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (uniqueViolationOf(e)) throw new AppError("CONFLICT", { userMessage: SAVED_REPLY_TITLE_TAKEN, fields: { title: [SAVED_REPLY_TITLE_TAKEN] } });
    throw e;
  }
}

export async function listSavedReplies(): Promise<TSavedReply[]> {
  const rows = await db.savedReply.findMany({ orderBy: [{ title: "asc" }, { id: "asc" }] });
  return rows.map(toSavedReplyDto);
}

export async function createSavedReply(by: SavedReplyActor, input: { title: string; body: string }): Promise<TSavedReply> {
  const row = await titleUnique(() =>
    db.$transaction(async (tx) => {
      const now = new Date();
      const created = await tx.savedReply.create({ data: { title: input.title, body: input.body, createdAt: now, updatedAt: now } });
      await recordAudit(
        {
          action: "ticket.saved_reply.created",
          actorId: by.actorId,
          ip: by.ip,
          targetType: "saved_reply",
          targetId: created.id,
          data: { reason: null, before: null, after: auditShape(created) },
        },
        tx,
      );
      return created;
    }),
  );
  return toSavedReplyDto(row);
}

export async function updateSavedReply(
  by: SavedReplyActor,
  id: number,
  input: { title?: string | undefined; body?: string | undefined },
): Promise<TSavedReply> {
  const row = await titleUnique(() =>
    db.$transaction(async (tx) => {
      // Row lock: two edits at once each audit the state they changed.
      if (!(await lockRowById(tx, "savedReply", id))) throw savedReplyNotFound();
      const before = await tx.savedReply.findUniqueOrThrow({ where: { id } });
      const title = input.title ?? before.title;
      const body = input.body ?? before.body;
      // Asking for what is already so changes nothing and audits nothing.
      if (title === before.title && body === before.body) return before;
      const after = await tx.savedReply.update({ where: { id }, data: { title, body, updatedAt: new Date() } });
      await recordAudit(
        {
          action: "ticket.saved_reply.updated",
          actorId: by.actorId,
          ip: by.ip,
          targetType: "saved_reply",
          targetId: id,
          data: { reason: null, before: auditShape(before), after: auditShape(after) },
        },
        tx,
      );
      return after;
    }),
  );
  return toSavedReplyDto(row);
}

export async function deleteSavedReply(by: SavedReplyActor, id: number): Promise<TSavedReply> {
  const row = await db.$transaction(async (tx) => {
    const before = await tx.savedReply.findUnique({ where: { id } });
    // Conditional delete: two deletes at once remove (and audit) it once; the other is a 404.
    const deleted = before ? await tx.savedReply.deleteMany({ where: { id } }) : { count: 0 };
    if (!before || deleted.count === 0) throw savedReplyNotFound();
    await recordAudit(
      {
        action: "ticket.saved_reply.deleted",
        actorId: by.actorId,
        ip: by.ip,
        targetType: "saved_reply",
        targetId: id,
        data: { reason: null, before: auditShape(before), after: null },
      },
      tx,
    );
    return before;
  });
  return toSavedReplyDto(row);
}
