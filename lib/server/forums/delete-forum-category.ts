import "server-only";
import { announce, topic } from "../changes/announce";
import { CATEGORY_NOT_EMPTY_MESSAGE, type TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, categorySnapshot, lockCategoriesOrThrow, STAFF_CATEGORY_INCLUDE, toStaffForumCategory } from "./forum-structure";

// DELETE /api/v1/staff/forums/categories/{id}: only a category without forums. Creating or
// moving a forum into it locks the category row first, so none can arrive between the check
// and the delete.

export async function deleteForumCategory(actor: AuditActor, id: number): Promise<TStaffForumCategory> {
  return db.$transaction(async (tx) => {
    await lockCategoriesOrThrow(tx, [id]);
    const before = toStaffForumCategory(await tx.forumCategory.findUniqueOrThrow({ where: { id }, include: STAFF_CATEGORY_INCLUDE }));
    if (before.forums.length) throw new AppError("CONFLICT", { userMessage: CATEGORY_NOT_EMPTY_MESSAGE });
    await tx.forumCategory.delete({ where: { id } });
    await auditStructure(tx, actor, {
      action: "forum.category.deleted",
      targetType: "forum_category",
      targetId: id,
      before: categorySnapshot(before),
      after: null,
    });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return before;
  });
}
