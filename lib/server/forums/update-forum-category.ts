import "server-only";
import { announce, topic } from "../changes/announce";
import type { TForumCategoryPatch, TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, categorySnapshot, lockCategoriesOrThrow, STAFF_CATEGORY_INCLUDE, toStaffForumCategory } from "./forum-structure";

// PATCH /api/v1/staff/forums/categories/{id}: rename, hide or show a category. A hidden
// category hides all its forums from players and guests (list-categories.ts and the readers).

export const NEWS_CATEGORY_HIDE_MESSAGE =
  "This category holds the news forum, which cannot be hidden: every news post links to its thread there. Move the news forum out first.";

export async function updateForumCategory(actor: AuditActor, id: number, patch: TForumCategoryPatch): Promise<TStaffForumCategory> {
  return db.$transaction(async (tx) => {
    // Locked first, so the audit's "before" is the row this edit replaced even when two staff save at once.
    await lockCategoriesOrThrow(tx, [id]);
    const before = toStaffForumCategory(await tx.forumCategory.findUniqueOrThrow({ where: { id }, include: STAFF_CATEGORY_INCLUDE }));
    if (patch.hidden === true && before.forums.some((f) => f.isNews)) throw new AppError("CONFLICT", { userMessage: NEWS_CATEGORY_HIDE_MESSAGE });
    const row = await tx.forumCategory.update({
      where: { id },
      data: { ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}) },
      include: STAFF_CATEGORY_INCLUDE,
    });
    const after = toStaffForumCategory(row);
    const action =
      patch.hidden !== undefined && patch.hidden !== before.hidden
        ? patch.hidden
          ? "forum.category.hidden"
          : "forum.category.shown"
        : "forum.category.updated";
    await auditStructure(tx, actor, { action, targetType: "forum_category", targetId: id, before: categorySnapshot(before), after: categorySnapshot(after) });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return after;
  });
}
