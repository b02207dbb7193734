import "server-only";
import { THREADS_PAGE_SIZE, type TForum, type TThread } from "@/lib/schemas/forums";
import { db } from "../db";
import { pageWindow } from "../paging";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, FORUM_INCLUDE, forumNotFound, latestPosters, THREAD_INCLUDE, toForumDto, toThreadDto, visibleForums, visibleThreads } from "./forum-dto";

// GET /api/v1/forums/threads/{id} and the /forums/{id} page: a forum's visible threads, pinned
// first, then by latest post (the index forum_threads(forumId, hidden, pinned, latestPostAt)).
// Staff also get the hidden threads, marked `hidden`, as they get hidden posts in a thread: the
// list is where they find a hidden thread again to show it.

export type ForumWithCategory = TForum & { category: { id: number; name: string; hidden: boolean } };
export type ForumThreadsPage = { forum: ForumWithCategory; results: TThread[]; total: number };

/**
 * One forum with its category (the create-thread page), or null when there is no such forum,
 * or when it (or its category) is hidden and the reader is not staff.
 */
export async function findForum(forumId: number, actor: Pick<Actor, "isStaff"> | null = null): Promise<ForumWithCategory | null> {
  const forum = await db.forum.findFirst({
    where: { id: forumId, ...visibleForums(actor) },
    include: { ...FORUM_INCLUDE, category: { select: { id: true, name: true, hidden: true } } },
  });
  return forum ? { ...toForumDto(forum), category: forum.category } : null;
}

/** Null when there is no such forum. */
export async function findForumThreads(actor: Pick<Actor, "isStaff"> | null, forumId: number, page: number): Promise<ForumThreadsPage | null> {
  const forum = await findForum(forumId, actor);
  if (!forum) return null;
  const where = { forumId, ...(canSeeHidden(actor) ? {} : { hidden: false }) };
  const [rows, total] = await Promise.all([
    db.forumThread.findMany({
      where,
      include: THREAD_INCLUDE,
      orderBy: [{ pinned: "desc" }, { latestPostAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, THREADS_PAGE_SIZE),
    }),
    db.forumThread.count({ where }),
  ]);
  const posters = await latestPosters(db, rows);
  return {
    forum,
    results: rows.map((t) => toThreadDto(t, t.latestPostUserId === null ? null : (posters.get(t.latestPostUserId) ?? null))),
    total,
  };
}

export async function listForumThreads(actor: Pick<Actor, "isStaff"> | null, forumId: number, page: number): Promise<ForumThreadsPage> {
  const found = await findForumThreads(actor, forumId, page);
  if (!found) throw forumNotFound();
  return found;
}

/** GET /api/v1/forums/threads/latest: the newest visible threads across every forum (hidden forums left out). */
export async function listLatestThreads(amount: number): Promise<TThread[]> {
  const rows = await db.forumThread.findMany({
    where: visibleThreads(null),
    include: THREAD_INCLUDE,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: amount,
  });
  const posters = await latestPosters(db, rows);
  return rows.map((t) => toThreadDto(t, t.latestPostUserId === null ? null : (posters.get(t.latestPostUserId) ?? null)));
}
