import "server-only";
import { announce, topic } from "../changes/announce";
import { ORDER_STALE_MESSAGE, type TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, lockCategoriesOrThrow } from "./forum-structure";
import { listForumStructure } from "./list-forum-structure";
import { lockForumsOfCategory, setForumOrder } from "./sql/structure-order";

// PUT /api/v1/staff/forums/forums/order: the forums of one category in a new order, numbered
// 0, 1, 2… in one transaction under the category's row lock (which forum creates, moves and
// deletes take too). The list must name exactly that category's forums, or nothing changes (409).

export async function reorderForums(actor: AuditActor, categoryId: number, ids: number[]): Promise<TStaffForumCategory[]> {
  return db.$transaction(async (tx) => {
    await lockCategoriesOrThrow(tx, [categoryId]);
    // The forum rows too, in id order as thread moves lock them, before the update touches them.
    const rows = await lockForumsOfCategory(tx, categoryId);
    const before = rows.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((r) => r.id);
    if (before.length !== ids.length || !ids.every((id) => before.includes(id))) throw new AppError("CONFLICT", { userMessage: ORDER_STALE_MESSAGE });
    await setForumOrder(tx, categoryId, ids);
    await auditStructure(tx, actor, {
      action: "forum.forums.reordered",
      targetType: "forum_category",
      targetId: categoryId,
      before: { order: before },
      after: { order: ids },
    });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return listForumStructure(tx);
  });
}
