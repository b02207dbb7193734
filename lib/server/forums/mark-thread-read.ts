import "server-only";
import { POST_NOT_IN_THREAD_MESSAGE, type TReadState } from "@/lib/schemas/forum-reads";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { threadNotFound, visiblePosts, visibleThreads } from "./forum-dto";
import { advanceReadPoint } from "./sql/unread";

// PUT /api/v1/forums/thread/{id}/read (docs/forums.md, "Unread and new"): the thread page records
// the last post it showed the player. The read point only moves forward (advanceReadPoint). The
// thread must be one the player may read (404 otherwise, as every forum read); the post must be
// one of its posts the player may see (a 400 on post_id otherwise, the same for a hidden post as
// for no post, so the answer tells nothing of hidden posts). Nothing shown to others changes,
// so nothing is announced.

export async function markThreadRead(actor: Pick<Actor, "userId" | "isStaff">, threadId: number, postId: number): Promise<TReadState> {
  const thread = await db.forumThread.findFirst({ where: { id: threadId, ...visibleThreads(actor) }, select: { id: true } });
  if (!thread) throw threadNotFound();
  const post = await db.forumPost.findFirst({ where: { id: postId, threadId, ...visiblePosts(actor) }, select: { id: true } });
  if (!post) throw new AppError("VALIDATION", { fields: { post_id: [POST_NOT_IN_THREAD_MESSAGE] } });
  const last = await advanceReadPoint(db, actor.userId, threadId, postId);
  // The post was read just above; only a post deleted in between (never done: posts are hidden) leaves null.
  if (last === null) throw new AppError("VALIDATION", { fields: { post_id: [POST_NOT_IN_THREAD_MESSAGE] } });
  return { last_read_post_id: last };
}
