import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TStaffForum, TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db";
import { AppError } from "../errors";
import { advisoryXactLock, lockRowById, lockRowsById } from "../sql/locks";

// What the forum structure use cases share: the staff view of a category and a
// forum, the row locks every structure change takes, and its one audit entry.
//
// Locks, always in this order: the category list (an advisory lock, for creating and
// reordering categories), then category rows in id order, then forum rows in id order.
// insertThread and thread moves lock forum rows too (in id order, and never a category), so a
// forum is never deleted under a new thread and no two of these wait on each other in a circle.

export const STAFF_FORUM_INCLUDE = { _count: { select: { threads: true } } } satisfies Prisma.ForumInclude;
type StaffForumRow = Prisma.ForumGetPayload<{ include: typeof STAFF_FORUM_INCLUDE }>;

export const STAFF_CATEGORY_INCLUDE = {
  forums: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: STAFF_FORUM_INCLUDE },
} satisfies Prisma.ForumCategoryInclude;
type StaffCategoryRow = Prisma.ForumCategoryGetPayload<{ include: typeof STAFF_CATEGORY_INCLUDE }>;

export function toStaffForum(f: StaffForumRow): TStaffForum {
  return {
    id: f.id,
    categoryId: f.categoryId,
    name: f.name,
    description: f.description,
    sortOrder: f.sortOrder,
    staffOnly: f.staffOnly,
    hidden: f.hidden,
    isNews: f.isNews,
    threads: f._count.threads,
    posts: f.postCount,
  };
}

export function toStaffForumCategory(c: StaffCategoryRow): TStaffForumCategory {
  return { id: c.id, name: c.name, sortOrder: c.sortOrder, hidden: c.hidden, forums: c.forums.map(toStaffForum) };
}

/** The category as the audit log keeps it: its own fields, not its forums. */
export const categorySnapshot = (c: Pick<TStaffForumCategory, "id" | "name" | "sortOrder" | "hidden">) => ({
  id: c.id,
  name: c.name,
  sortOrder: c.sortOrder,
  hidden: c.hidden,
});

export const categoryNotFound = () => new AppError("NOT_FOUND", { userMessage: "Forum category not found." });
export const staffForumNotFound = () => new AppError("NOT_FOUND", { userMessage: "Forum not found." });

/** Serialises category creation with category reordering (the advisory lock forumCategoryList). */
export async function lockCategoryList(tx: Tx): Promise<void> {
  await advisoryXactLock(tx, "forumCategoryList");
}

/** Locks the categories (in id order) for the rest of the transaction; 404 when one is missing, naming `field` when given. */
export async function lockCategoriesOrThrow(tx: Tx, ids: number[], field?: string): Promise<void> {
  const found = await lockRowsById(tx, "forumCategory", ids);
  if (found.length === new Set(ids).size) return;
  if (field) throw new AppError("VALIDATION", { fields: { [field]: ["No forum category with this id."] } });
  throw categoryNotFound();
}

/** Locks the forum row (the lock insertThread takes too); 404 when there is none. */
export async function lockForumOrThrow(tx: Tx, id: number): Promise<void> {
  if (!(await lockRowById(tx, "forum", id))) throw staffForumNotFound();
}

/**
 * The one audit entry of a structure change, in its transaction: who, what, and the row before
 * and after (null before a create, null after a delete). No structure change asks for a reason.
 */
export async function auditStructure(
  tx: Tx,
  actor: AuditActor,
  entry: {
    action: string;
    targetType: "forum_category" | "forum";
    targetId: number | null;
    before: Prisma.InputJsonValue | null;
    after: Prisma.InputJsonValue | null;
  },
): Promise<void> {
  await recordAudit(
    {
      action: entry.action,
      actorId: actor.actorId,
      actorLabel: actor.actorLabel ?? null,
      ip: actor.ip ?? null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      data: { reason: null, before: entry.before, after: entry.after },
    },
    tx,
  );
}
