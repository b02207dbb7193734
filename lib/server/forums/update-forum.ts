import "server-only";
import { announce, topic } from "../changes/announce";
import type { TForumPatch, TStaffForum } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, lockCategoriesOrThrow, lockForumOrThrow, STAFF_FORUM_INCLUDE, staffForumNotFound, toStaffForum } from "./forum-structure";

// PATCH /api/v1/staff/forums/forums/{id}: rename, describe, move to another category, hide or
// show, make staff-only or open. A hidden forum disappears with its threads for players and
// guests (list-categories, list-threads, get-thread, search, create-thread, create-post).

export const NEWS_FORUM_HIDE_MESSAGE = "The news forum cannot be hidden: every news post links to its thread there.";

export async function updateForum(actor: AuditActor, id: number, patch: TForumPatch): Promise<TStaffForum> {
  return db.$transaction(async (tx) => {
    const current = await tx.forum.findUnique({ where: { id }, select: { categoryId: true } });
    if (!current) throw staffForumNotFound();
    // Categories before forums (the order every structure change keeps): a move locks both.
    const moving = patch.categoryId !== undefined && patch.categoryId !== current.categoryId;
    await lockCategoriesOrThrow(tx, moving ? [current.categoryId, patch.categoryId!] : [current.categoryId], moving ? "categoryId" : undefined);
    await lockForumOrThrow(tx, id);
    const beforeRow = await tx.forum.findUniqueOrThrow({ where: { id }, include: STAFF_FORUM_INCLUDE });
    // Moved between reading and locking: start from the row as it is now.
    if (beforeRow.categoryId !== current.categoryId)
      throw new AppError("CONFLICT", { userMessage: "The forum was moved meanwhile. Reload the page and try again." });
    const before = toStaffForum(beforeRow);
    if (patch.hidden === true && before.isNews) throw new AppError("CONFLICT", { userMessage: NEWS_FORUM_HIDE_MESSAGE });

    let sortOrder: number | undefined;
    if (moving) {
      if (before.isNews && (await tx.forumCategory.findUniqueOrThrow({ where: { id: patch.categoryId! }, select: { hidden: true } })).hidden)
        throw new AppError("CONFLICT", { userMessage: NEWS_FORUM_HIDE_MESSAGE });
      const last = await tx.forum.aggregate({ where: { categoryId: patch.categoryId! }, _max: { sortOrder: true } });
      sortOrder = (last._max.sortOrder ?? -1) + 1;
    }
    const row = await tx.forum.update({
      where: { id },
      data: {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.staffOnly !== undefined ? { staffOnly: patch.staffOnly } : {}),
        ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}),
        ...(moving ? { categoryId: patch.categoryId!, sortOrder: sortOrder! } : {}),
      },
      include: STAFF_FORUM_INCLUDE,
    });
    const after = toStaffForum(row);
    const action =
      patch.hidden !== undefined && patch.hidden !== before.hidden ? (patch.hidden ? "forum.forum.hidden" : "forum.forum.shown") : "forum.forum.updated";
    await auditStructure(tx, actor, { action, targetType: "forum", targetId: id, before, after });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return after;
  });
}
