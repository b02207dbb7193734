import "server-only";
import { OWN_POST_LIKE_MESSAGE, type TLikeState } from "@/lib/schemas/forum-likes";
import { announce, topic } from "../changes/announce";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { postNotFound, visiblePosts } from "./forum-dto";
import { tellReaction } from "./post-notices";
import { insertLike } from "./sql/likes";

// PUT / DELETE /api/v1/forums/posts/{id}/like (docs/forums.md, "Likes"). One like per player per
// post, kept by the table's key: the insert is `ON CONFLICT DO NOTHING`, so any number of likes
// sent at once by one player leave one row, and a second like changes nothing. Nobody likes
// their own post (403). A post the reader may not read is not found, as for every forum write.
// The counts are on the thread page (and its JSON), which the guest page cache keeps: a like or
// unlike that changes a row announces the thread's topic in its own transaction. One that
// changes nothing announces nothing.

type Liker = Pick<Actor, "userId" | "isStaff">;

/** What a new like is, for whoever wants to hear of it (the notification centre's "reaction"). */
export type Reaction = { kind: "like"; postId: number; threadId: number; postAuthorId: number; likerId: number };

/**
 * Called once per new like, inside the like's transaction (so a rolled-back like tells no one).
 * The post's author is told through the notification centre (grouped per post).
 */
export async function onReaction(tx: Tx, reaction: Reaction): Promise<void> {
  await tellReaction(tx, reaction);
}

async function readablePost(actor: Liker, postId: number) {
  const post = await db.forumPost.findFirst({ where: { id: postId, ...visiblePosts(actor) }, select: { id: true, threadId: true, userId: true } });
  if (!post) throw postNotFound();
  return post;
}

async function likeState(tx: Tx, postId: number, userId: number): Promise<TLikeState> {
  const [count, mine] = await Promise.all([tx.forumPostLike.count({ where: { postId } }), tx.forumPostLike.count({ where: { postId, userId } })]);
  return { post_id: postId, like_count: count, liked: mine > 0 };
}

export async function likePost(actor: Liker, postId: number): Promise<TLikeState> {
  const post = await readablePost(actor, postId);
  if (post.userId === actor.userId) throw new AppError("FORBIDDEN", { userMessage: OWN_POST_LIKE_MESSAGE });
  return db.$transaction(async (tx) => {
    if (await insertLike(tx, postId, actor.userId)) {
      await announce(tx, [topic.thread(post.threadId)]);
      await onReaction(tx, { kind: "like", postId, threadId: post.threadId, postAuthorId: post.userId, likerId: actor.userId });
    }
    return likeState(tx, postId, actor.userId);
  });
}

export async function unlikePost(actor: Liker, postId: number): Promise<TLikeState> {
  const post = await readablePost(actor, postId);
  return db.$transaction(async (tx) => {
    const removed = await tx.forumPostLike.deleteMany({ where: { postId, userId: actor.userId } });
    if (removed.count > 0) await announce(tx, [topic.thread(post.threadId)]);
    return likeState(tx, postId, actor.userId);
  });
}
