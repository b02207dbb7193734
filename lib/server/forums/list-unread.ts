import "server-only";
import type { TUnreadForums, TUnreadThreads } from "@/lib/schemas/forum-reads";
import { postLink } from "../notifications/events";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden } from "./forum-dto";
import { selectUnreadForums, selectUnreadThreads, UNREAD_COUNT_CAP } from "./sql/unread";

// GET /api/v1/forums/unread and /forums/unread/threads (docs/forums.md, "Unread and new"): the
// signed-in player's markers, asked by the forum pages in the browser (the pages themselves are
// the same for every reader). Only the caller's own read state is ever read.

type Reader = Pick<Actor, "userId" | "isStaff">;

/** The forum index: per forum, the new and unread threads. */
export async function listUnreadForums(reader: Reader): Promise<TUnreadForums> {
  const rows = await selectUnreadForums(reader.userId);
  return { forums: rows.map((r) => ({ forum_id: r.forumId, new_threads: r.newThreads, unread_threads: r.unreadThreads })) };
}

/** A page of threads (a forum's list, search hits): the markers of those with something unread. */
export async function listUnreadThreads(reader: Reader, threadIds: number[]): Promise<TUnreadThreads> {
  const rows = await selectUnreadThreads(reader.userId, threadIds, canSeeHidden(reader));
  return {
    threads: rows.map((r) => ({
      thread_id: r.threadId,
      state: r.isNew ? "new" : "unread",
      unread_count: r.unreadCount,
      unread_count_capped: r.unreadCount >= UNREAD_COUNT_CAP,
      first_unread: { post_id: r.firstUnreadPostId, page: r.firstUnreadPage, link: postLink(r.threadId, r.firstUnreadPage, r.firstUnreadPostId) },
    })),
  };
}
