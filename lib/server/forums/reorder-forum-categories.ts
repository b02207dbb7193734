import "server-only";
import { announce, topic } from "../changes/announce";
import { ORDER_STALE_MESSAGE, type TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { db } from "../db";
import { AppError } from "../errors";
import { auditStructure, lockCategoryList } from "./forum-structure";
import { listForumStructure } from "./list-forum-structure";
import { lockAllCategories, setCategoryOrder } from "./sql/structure-order";

// PUT /api/v1/staff/forums/categories/order: every category in a new order, numbered 0, 1, 2…
// in one transaction. The list must name exactly the categories there are: one created or
// deleted since the page loaded makes it a 409 instead of a half-applied order.

export async function reorderForumCategories(actor: AuditActor, ids: number[]): Promise<TStaffForumCategory[]> {
  return db.$transaction(async (tx) => {
    await lockCategoryList(tx);
    // Rows locked in id order, as every structure change locks categories (no deadlock with a move).
    const rows = await lockAllCategories(tx);
    const before = rows.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((r) => r.id);
    if (before.length !== ids.length || !ids.every((id) => before.includes(id))) throw new AppError("CONFLICT", { userMessage: ORDER_STALE_MESSAGE });
    await setCategoryOrder(tx, ids);
    await auditStructure(tx, actor, {
      action: "forum.categories.reordered",
      targetType: "forum_category",
      targetId: null,
      before: { order: before },
      after: { order: ids },
    });
    // Names, order and places of forums show on every forum page and in news items.
    await announce(tx, [topic.forums, topic.news]);
    return listForumStructure(tx);
  });
}
