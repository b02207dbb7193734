import "server-only";
import { POSTS_PAGE_SIZE, type TThreadView } from "@/lib/schemas/forums";
import { db } from "../db";
import { pageWindow } from "../paging";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, latestPosters, POST_INCLUDE, THREAD_INCLUDE, threadNotFound, toPostDto, toThreadDto, visibleThreads } from "./forum-dto";

// GET /api/v1/forums/thread/{id}?page= and the /forums/thread/{id} page: the thread and one
// page of its posts, oldest first. Hidden posts are never sent to players; staff get them marked.
// A page past the end shows the last page. A thread in a forum hidden by staff is not found,
// except by staff.

/** Null when the thread does not exist or is hidden from this reader. */
export async function findThreadView(actor: Pick<Actor, "isStaff"> | null, threadId: number, page: number): Promise<TThreadView | null> {
  const staff = canSeeHidden(actor);
  const thread = await db.forumThread.findFirst({
    where: { id: threadId, ...visibleThreads(actor) },
    include: { ...THREAD_INCLUDE, forum: { select: { id: true, name: true, category: { select: { id: true, name: true } } } } },
  });
  if (!thread) return null;
  const where = { threadId, ...(staff ? {} : { hidden: false }) };
  const total = await db.forumPost.count({ where });
  const pages = Math.max(1, Math.ceil(total / POSTS_PAGE_SIZE));
  const shown = Math.min(page, pages);
  const [rows, posters] = await Promise.all([
    db.forumPost.findMany({ where, include: POST_INCLUDE, orderBy: [{ createdAt: "asc" }, { id: "asc" }], ...pageWindow(shown, POSTS_PAGE_SIZE) }),
    latestPosters(db, [thread]),
  ]);
  const { category, ...forum } = thread.forum;
  return {
    ...toThreadDto({ ...thread, forum }, thread.latestPostUserId === null ? null : (posters.get(thread.latestPostUserId) ?? null)),
    hidden_reason: staff ? thread.hiddenReason : null,
    category,
    page: shown,
    pages,
    posts: rows.map((p) => toPostDto(p, staff)),
    previous_page: shown > 1 ? shown - 1 : null,
    next_page: shown < pages ? shown + 1 : null,
  };
}

export async function getThreadView(actor: Pick<Actor, "isStaff"> | null, threadId: number, page: number): Promise<TThreadView> {
  const view = await findThreadView(actor, threadId, page);
  if (!view) throw threadNotFound();
  return view;
}

/** The page of a thread a post is on (for links to a post), counting what this reader sees. */
export async function pageOfPost(actor: Pick<Actor, "isStaff"> | null, post: { id: number; threadId: number; createdAt: Date }): Promise<number> {
  const staff = canSeeHidden(actor);
  const before = await db.forumPost.count({
    where: {
      threadId: post.threadId,
      ...(staff ? {} : { hidden: false }),
      OR: [{ createdAt: { lt: post.createdAt } }, { createdAt: post.createdAt, id: { lt: post.id } }],
    },
  });
  return Math.floor(before / POSTS_PAGE_SIZE) + 1;
}
