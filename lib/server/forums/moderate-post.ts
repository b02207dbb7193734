import "server-only";
import { HIDE_POST_NEEDS_REASON } from "@/lib/schemas/forums";
import { announce, topic } from "../changes/announce";
import type { TPost } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { syncNewsHidden } from "./sync-news-article";
import type { Actor } from "../sessions/authenticate-request";
import { POST_INCLUDE, postNotFound, toPostDto } from "./forum-dto";
import { refreshThreadLatest } from "./forum-counters";
import { lockPost, lockThreadOfPost } from "./sql/moderation-locks";

// PATCH /api/v1/staff/forums/posts/{id} {hidden, reason}: staff hide a post (a reason is
// required) or show it again. Hidden posts leave every counter (thread, forum, author) and come
// back on unhide; the thread's latest post is recomputed either way. Hiding a news thread's
// opening post hides the news post with it. Asking for the state the post already has changes
// nothing and records nothing. Audited in the same transaction.

export async function moderatePost(actor: Pick<Actor, "userId">, postId: number, input: { hidden: boolean; reason?: string }, ip?: string): Promise<TPost> {
  if (input.hidden && !input.reason) throw new AppError("VALIDATION", { fields: { reason: [HIDE_POST_NEEDS_REASON] } });

  return db.$transaction(async (tx) => {
    await setPostHidden(tx, actor, postId, input, ip);
    return toPostDto(await tx.forumPost.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE }), true);
  });
}

/**
 * The change itself, inside the caller's transaction (a report resolved as agreed with the post
 * hidden uses it too). True when the post changed.
 */
export async function setPostHidden(
  tx: Tx,
  actor: Pick<Actor, "userId">,
  postId: number,
  input: { hidden: boolean; reason?: string },
  ip?: string,
): Promise<boolean> {
  // A post never changes thread, so its thread can be read before locking it. Lock order as
  // every forum write: thread, (post,) forum, user.
  const ref = await tx.forumPost.findUnique({ where: { id: postId }, select: { threadId: true } });
  if (!ref) throw postNotFound();
  const thread = await lockThreadOfPost(tx, ref.threadId);
  const post = await lockPost(tx, postId);
  if (!thread || !post) throw postNotFound();

  if (post.hidden !== input.hidden) {
    const step = input.hidden ? { decrement: 1 } : { increment: 1 };
    await tx.forumPost.update({
      where: { id: postId },
      data: input.hidden
        ? { hidden: true, hiddenAt: new Date(), hiddenById: actor.userId, hiddenReason: input.reason ?? null }
        : { hidden: false, hiddenAt: null, hiddenById: null, hiddenReason: null },
    });
    await syncNewsHidden(tx, { threadId: ref.threadId, postId, hidden: input.hidden });
    await tx.forumThread.update({ where: { id: ref.threadId }, data: { postCount: step } });
    await refreshThreadLatest(tx, ref.threadId);
    // The thread, its line in the forum (replies, latest post) and the index's counters.
    await announce(tx, [topic.forumIndex, topic.forum(thread.forumId), topic.thread(ref.threadId)]);
    // A hidden thread's posts are already out of the forum and author counters.
    if (!thread.hidden) {
      await tx.forum.update({ where: { id: thread.forumId }, data: { postCount: step } });
      await tx.user.update({ where: { id: post.userId }, data: { postCount: step } });
    }
    await recordAudit(
      {
        action: input.hidden ? "forum.post.hide" : "forum.post.unhide",
        actorId: actor.userId,
        targetType: "forum_post",
        targetId: postId,
        data: {
          threadId: ref.threadId,
          authorId: post.userId,
          reason: input.reason ?? null,
          before: { hidden: post.hidden },
          after: { hidden: input.hidden },
        },
        ip: ip ?? null,
      },
      tx,
    );
    return true;
  }
  return false;
}
