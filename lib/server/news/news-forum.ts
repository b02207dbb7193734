import "server-only";
import type { AuditActor } from "../audit/audit-actor";
import type { Tx } from "../db";
import { insertForum, insertForumCategory } from "../forums/public";
import { advisoryXactLock } from "../sql/locks";

// The forum news posts are threads of: the first forum marked isNews (by sortOrder, then id).
// A fresh database has none until the first post, which creates "News & Announcements"
// (staff-only) in the "Official" category, through the same use cases as the staff forum editor
// (audited as the post's author).

export const NEWS_FORUM_NAME = "News & Announcements";
const NEWS_CATEGORY_NAME = "Official";

export type NewsForum = { id: number; name: string };

export function findNewsForum(tx: Tx): Promise<NewsForum | null> {
  return tx.forum.findFirst({ where: { isNews: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true, name: true } });
}

/** The news forum, created on first use. Two first posts at once still make one forum. */
export async function findOrCreateNewsForum(tx: Tx, actor: AuditActor): Promise<NewsForum> {
  const found = await findNewsForum(tx);
  if (found) return found;
  // One creator at a time; whoever waited re-reads once the first has committed (READ COMMITTED).
  await advisoryXactLock(tx, "newsForum");
  const again = await findNewsForum(tx);
  if (again) return again;
  const category =
    (await tx.forumCategory.findFirst({ where: { name: NEWS_CATEGORY_NAME }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true } })) ??
    (await insertForumCategory(tx, actor, { name: NEWS_CATEGORY_NAME }));
  const forum = await insertForum(tx, actor, {
    categoryId: category.id,
    name: NEWS_FORUM_NAME,
    description: "Updates, events and announcements from the team.",
    staffOnly: true,
    isNews: true,
  });
  return { id: forum.id, name: forum.name };
}
