import "server-only";
import type { Tx } from "../db";
import { mentionIds, namesById, QUOTE_OPEN, renameMentions } from "../content/references";

// Who a post mentions and whom it quotes (docs/forums.md, "Mentions and quotes"), kept in
// forum_post_mentions and forum_post_quotes so that notifications can tell them. Every write of
// a post body (new thread, reply, edit) calls savePostReferences in its own transaction, with
// the stored body: the ids in it were made true by prepareContent (lib/server/content/references.ts).

export type PostReferences = {
  /** Players mentioned with `@` (by id, each once). */
  mentionedUserIds: number[];
  /** Authors of the posts quoted (each once). */
  quotedUserIds: number[];
};

/** The quotes of a stored body: each quoted post once, with its author. */
export function quotesIn(stored: string): Array<{ postId: number; userId: number }> {
  const seen = new Map<number, number>();
  for (const m of stored.matchAll(QUOTE_OPEN)) {
    if (m[2] !== undefined && !seen.has(Number(m[1]))) seen.set(Number(m[1]), Number(m[2]));
  }
  return [...seen].map(([postId, userId]) => ({ postId, userId }));
}

/**
 * Replaces the stored references of `postId` with those of its stored body, in the caller's
 * transaction, and answers them: the hook for notifying the players named (the author included,
 * when they mention or quote themselves; a notifier leaves them out).
 */
export async function savePostReferences(tx: Tx, postId: number, stored: string): Promise<PostReferences> {
  const mentioned = mentionIds(stored);
  const quotes = quotesIn(stored);
  await tx.forumPostMention.deleteMany({ where: { postId } });
  await tx.forumPostQuote.deleteMany({ where: { postId } });
  if (mentioned.length) await tx.forumPostMention.createMany({ data: mentioned.map((userId) => ({ postId, userId })), skipDuplicates: true });
  if (quotes.length) {
    await tx.forumPostQuote.createMany({ data: quotes.map((q) => ({ postId, quotedPostId: q.postId, quotedUserId: q.userId })), skipDuplicates: true });
  }
  return { mentionedUserIds: mentioned, quotedUserIds: [...new Set(quotes.map((q) => q.userId))] };
}

/** The stored references of a post (what savePostReferences wrote). */
export async function postReferences(tx: Tx, postId: number): Promise<PostReferences> {
  const [mentions, quotes] = await Promise.all([
    tx.forumPostMention.findMany({ where: { postId }, select: { userId: true }, orderBy: { userId: "asc" } }),
    tx.forumPostQuote.findMany({ where: { postId }, select: { quotedUserId: true }, orderBy: { quotedPostId: "asc" } }),
  ]);
  return { mentionedUserIds: mentions.map((m) => m.userId), quotedUserIds: [...new Set(quotes.map((q) => q.quotedUserId))] };
}

/**
 * Bodies as they are shown: each mention with its player's name of today (a renamed player's
 * mentions follow them). One query for all the bodies given.
 */
export async function withCurrentNames<T extends { content: string }>(posts: T[]): Promise<T[]> {
  const ids = [...new Set(posts.flatMap((p) => mentionIds(p.content)))];
  if (!ids.length) return posts;
  const names = await namesById(ids);
  return posts.map((p) => ({ ...p, content: renameMentions(p.content, names) }));
}
