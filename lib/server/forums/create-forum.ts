import "server-only";
import { announce, topic } from "../changes/announce";
import type { TStaffForum } from "@/lib/schemas/staff-forums";
import { type DbClient, inTransaction } from "../accounts/db-client";
import type { AuditActor } from "../audit/audit-actor";
import { db, type Tx } from "../db";
import { auditStructure, lockCategoriesOrThrow, STAFF_FORUM_INCLUDE, toStaffForum } from "./forum-structure";

// POST /api/v1/staff/forums/forums: a new forum, placed last in its category. The one way a
// forum is made: the news forum's first post (news-forum.ts) and the demo seed call insertForum.

export type NewForum = {
  categoryId: number;
  name: string;
  description: string;
  staffOnly?: boolean;
  hidden?: boolean;
  /** The news forum (news posts are its threads); never set through the API. */
  isNews?: boolean;
};

/** Writes the forum and its audit entry in the caller's transaction; `categoryId` unknown is a 400 on that field. */
export async function insertForum(tx: Tx, actor: AuditActor, input: NewForum): Promise<TStaffForum> {
  // The category row lock: a delete of the category, or a reorder of its forums, waits for this.
  await lockCategoriesOrThrow(tx, [input.categoryId], "categoryId");
  const last = await tx.forum.aggregate({ where: { categoryId: input.categoryId }, _max: { sortOrder: true } });
  const row = await tx.forum.create({
    data: {
      categoryId: input.categoryId,
      name: input.name,
      description: input.description,
      staffOnly: input.staffOnly ?? false,
      hidden: input.hidden ?? false,
      isNews: input.isNews ?? false,
      sortOrder: (last._max.sortOrder ?? -1) + 1,
    },
    include: STAFF_FORUM_INCLUDE,
  });
  const after = toStaffForum(row);
  await auditStructure(tx, actor, { action: "forum.forum.created", targetType: "forum", targetId: row.id, before: null, after });
  // Names, order and places of forums show on every forum page and in news items.
  await announce(tx, [topic.forums, topic.news]);
  return after;
}

export function createForum(actor: AuditActor, input: NewForum, client: DbClient = db): Promise<TStaffForum> {
  return inTransaction(client, (tx) => insertForum(tx, actor, input));
}
