import "server-only";
import { POSTS_PAGE_SIZE, type TThreadView } from "@/lib/schemas/forums";
import { db } from "../db";
import { pageWindow } from "../paging";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, threadNotFound, toPostDto, toThreadDto } from "./forum-dto";
import { selectThreadPosts, selectThreadView } from "./sql/thread-view";
import { withCurrentNames } from "./post-references";

// GET /api/v1/forums/thread/{id}?page= and the /forums/thread/{id} page: the thread and one
// page of its posts, oldest first. Hidden posts are never sent to players; staff get them marked.
// A page past the end shows the last page. A thread in a forum hidden by staff is not found,
// except by staff.

/** Null when the thread does not exist or is hidden from this reader. */
export async function findThreadView(actor: Pick<Actor, "isStaff"> | null, threadId: number, page: number): Promise<TThreadView | null> {
  const staff = canSeeHidden(actor);
  const thread = await selectThreadView(threadId, staff);
  if (!thread) return null;
  const pages = Math.max(1, Math.ceil(thread.visiblePosts / POSTS_PAGE_SIZE));
  const shown = Math.min(page, pages);
  const { skip, take } = pageWindow(shown, POSTS_PAGE_SIZE);
  const rows = await selectThreadPosts(threadId, staff, skip, take);
  const forum = { id: thread.forumId, name: thread.forumName };
  return {
    ...toThreadDto({ ...thread, forum, user: { username: thread.starter } }, thread.latestUser),
    hidden_reason: staff ? thread.hiddenReason : null,
    category: { id: thread.categoryId, name: thread.categoryName },
    page: shown,
    pages,
    // Mentions show each player's name of today.
    posts: await withCurrentNames(
      rows.map((p) =>
        toPostDto(
          {
            ...p,
            user: {
              username: p.username,
              privilege: p.privilege,
              memberRank: p.memberRank,
              threadCount: p.threadCount,
              postCount: p.postCount,
              createdAt: p.joinedAt,
            },
            editedBy: p.editor === null ? null : { username: p.editor },
            _count: { likes: p.likeCount },
          },
          staff,
        ),
      ),
    ),
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
