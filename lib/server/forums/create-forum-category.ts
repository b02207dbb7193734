import "server-only";
import { announce, topic } from "../changes/announce";
import type { TStaffForumCategory } from "@/lib/schemas/staff-forums";
import { type DbClient, inTransaction } from "../accounts/db-client";
import type { AuditActor } from "../audit/audit-actor";
import { db, type Tx } from "../db";
import { auditStructure, categorySnapshot, lockCategoryList, STAFF_CATEGORY_INCLUDE, toStaffForumCategory } from "./forum-structure";

// POST /api/v1/staff/forums/categories: a new category, placed after the others. The demo seed
// and the news forum's first post make theirs through insertForumCategory too.

export type NewForumCategory = { name: string; hidden?: boolean };

/** Writes the category and its audit entry in the caller's transaction. */
export async function insertForumCategory(tx: Tx, actor: AuditActor, input: NewForumCategory): Promise<TStaffForumCategory> {
  // Under the list lock: two creates (or a create and a reorder) at once still number in turn.
  await lockCategoryList(tx);
  const last = await tx.forumCategory.aggregate({ _max: { sortOrder: true } });
  const row = await tx.forumCategory.create({
    data: { name: input.name, hidden: input.hidden ?? false, sortOrder: (last._max.sortOrder ?? -1) + 1 },
    include: STAFF_CATEGORY_INCLUDE,
  });
  const after = toStaffForumCategory(row);
  await auditStructure(tx, actor, {
    action: "forum.category.created",
    targetType: "forum_category",
    targetId: row.id,
    before: null,
    after: categorySnapshot(after),
  });
  // Names, order and places of forums show on every forum page and in news items.
  await announce(tx, [topic.forums, topic.news]);
  return after;
}

export function createForumCategory(actor: AuditActor, input: NewForumCategory, client: DbClient = db): Promise<TStaffForumCategory> {
  return inTransaction(client, (tx) => insertForumCategory(tx, actor, input));
}
