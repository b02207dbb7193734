import "server-only";
import { POSTS_PAGE_SIZE } from "@/lib/schemas/forums";
import type { Tx } from "../db";
import { notifyMention, notifyQuote, notifyReaction } from "../notifications/events";
import { visiblePosts } from "./forum-dto";
import type { Reaction } from "./like-post";
import type { PostReferences } from "./post-references";
import { mutedAmong } from "./watches";

// The forum's notices to players other than the thread's starter (docs/notifications.md): a
// mention, a quote, a like. Each is told inside the transaction of the post or like that causes
// it, so a rolled-back write tells no one, and once (the notification centre's dedupe keys: a
// mention or quote once per post and player, so an edit that keeps a mention tells nobody again;
// a like once per post and liker, grouped per post).
//
// Only about a post every player may read: a mention inside a hidden post (or a hidden thread,
// forum or category) would lead the player to a page they cannot open, so it tells no one.

export type Place = { threadId: number; page: number; title: string };

/** Where a post is, as a player reads the thread (the page counts visible posts), or null when players cannot read it. */
export async function publicPlace(tx: Tx, postId: number): Promise<Place | null> {
  const post = await tx.forumPost.findFirst({
    where: { id: postId, ...visiblePosts(null) },
    select: { threadId: true, createdAt: true, thread: { select: { title: true } } },
  });
  if (!post) return null;
  const before = await tx.forumPost.count({
    where: {
      threadId: post.threadId,
      hidden: false,
      id: { not: postId },
      OR: [{ createdAt: { lt: post.createdAt } }, { createdAt: post.createdAt, id: { lt: postId } }],
    },
  });
  return { threadId: post.threadId, page: Math.floor(before / POSTS_PAGE_SIZE) + 1, title: post.thread.title };
}

/**
 * Tells the players a post mentions and the players it quotes. The writer is never told of their
 * own post; a player both mentioned and quoted is told of the mention only. The thread's starter
 * mentioned in a reply is told of the mention as well as the reply: the reply's catch-up rule may
 * hold that one back, and a mention is addressed to them.
 */
export async function tellPostReferences(tx: Tx, post: { id: number; authorId: number }, refs: PostReferences): Promise<void> {
  const mentioned = refs.mentionedUserIds.filter((id) => id !== post.authorId);
  const quoted = refs.quotedUserIds.filter((id) => id !== post.authorId && !mentioned.includes(id));
  if (!mentioned.length && !quoted.length) return;
  const place = await publicPlace(tx, post.id);
  if (!place) return;
  // A player who muted the thread hears nothing of it, mentions and quotes included (Discourse's rule).
  const muted = await mutedAmong(tx, place.threadId, [...mentioned, ...quoted]);
  const author = await tx.user.findUniqueOrThrow({ where: { id: post.authorId }, select: { username: true } });
  for (const userId of mentioned) if (!muted.has(userId)) await notifyMention(tx, { userId, postId: post.id, ...place, author });
  for (const userId of quoted) if (!muted.has(userId)) await notifyQuote(tx, { userId, postId: post.id, ...place, author });
}

/** Tells a post's author of a new like (grouped per post: "Mordra and 3 others liked your post"). */
export async function tellReaction(tx: Tx, r: Reaction): Promise<void> {
  if (r.postAuthorId === r.likerId) return;
  const place = await publicPlace(tx, r.postId);
  if (!place) return;
  if ((await mutedAmong(tx, place.threadId, [r.postAuthorId])).has(r.postAuthorId)) return;
  const reactor = await tx.user.findUniqueOrThrow({ where: { id: r.likerId }, select: { id: true, username: true } });
  await notifyReaction(tx, { userId: r.postAuthorId, postId: r.postId, ...place, reactor });
}
