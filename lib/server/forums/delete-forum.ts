import "server-only";
import { announce, topic } from "../changes/announce";
import { FORUM_NOT_EMPTY_MESSAGE, type TStaffForum } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, lockCategoriesOrThrow, lockForumOrThrow, STAFF_FORUM_INCLUDE, staffForumNotFound, toStaffForum } from "./forum-structure";

// DELETE /api/v1/staff/forums/forums/{id}: only a forum with no threads at all (hidden ones
// count: they are still someone's posts). The forum row is locked before the count, and a new
// thread (insertThread) or a thread moved in (moderateThread) locks it too: either the thread
// commits first and the delete is a 409, or the delete commits first and the thread finds no
// forum (404). The foreign key would refuse an orphan anyway; this makes the refusal clean.

export async function deleteForum(actor: AuditActor, id: number): Promise<TStaffForum> {
  return db.$transaction(async (tx) => {
    const current = await tx.forum.findUnique({ where: { id }, select: { categoryId: true } });
    if (!current) throw staffForumNotFound();
    await lockCategoriesOrThrow(tx, [current.categoryId]);
    await lockForumOrThrow(tx, id);
    const before = toStaffForum(await tx.forum.findUniqueOrThrow({ where: { id }, include: STAFF_FORUM_INCLUDE }));
    if (before.threads > 0) throw new AppError("CONFLICT", { userMessage: FORUM_NOT_EMPTY_MESSAGE });
    // News rows point at their forum too; a forum with news has their threads, so this is belt and braces.
    if (await tx.newsPost.count({ where: { forumId: id } })) throw new AppError("CONFLICT", { userMessage: FORUM_NOT_EMPTY_MESSAGE });
    await tx.forum.delete({ where: { id } });
    await auditStructure(tx, actor, { action: "forum.forum.deleted", targetType: "forum", targetId: id, before, after: null });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return before;
  });
}
