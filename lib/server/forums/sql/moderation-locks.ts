import "server-only";
import type { Tx } from "../../db";

// The row locks of staff moderation: FOR NO KEY UPDATE, the lock an update of non-key columns
// takes, which still admits the key-share locks of inserts referencing the row.

/** A thread as moderation reads it under its row lock. */
export type LockedThreadRow = { forumId: number; userId: number; title: string; pinned: boolean; closed: boolean; hidden: boolean; postCount: number };

/** Locks the thread (FOR NO KEY UPDATE) and returns what moderation changes of it; null when there is none. */
export async function lockThreadForModeration(tx: Tx, threadId: number): Promise<LockedThreadRow | null> {
  const [thread] = await tx.$queryRaw<LockedThreadRow[]>`
      SELECT "forumId", "userId", title, pinned, closed, hidden, "postCount" FROM forum_threads WHERE id = ${threadId} FOR NO KEY UPDATE`;
  return thread ?? null;
}

/** Locks the thread (FOR NO KEY UPDATE); its forum and whether it is hidden, or null when there is none. */
export async function lockThreadOfPost(tx: Tx, threadId: number): Promise<{ forumId: number; hidden: boolean } | null> {
  const [thread] = await tx.$queryRaw<
    { forumId: number; hidden: boolean }[]
  >`SELECT "forumId", hidden FROM forum_threads WHERE id = ${threadId} FOR NO KEY UPDATE`;
  return thread ?? null;
}

/** Locks the post (FOR NO KEY UPDATE); whether it is hidden and its author, or null when there is none. */
export async function lockPost(tx: Tx, postId: number): Promise<{ hidden: boolean; userId: number } | null> {
  const [post] = await tx.$queryRaw<{ hidden: boolean; userId: number }[]>`SELECT hidden, "userId" FROM forum_posts WHERE id = ${postId} FOR NO KEY UPDATE`;
  return post ?? null;
}

/** One poster's visible posts in a thread. */
export type PosterShareRow = { userId: number; n: number };

/** How many visible posts each poster has in the thread, by user id. */
export function countVisiblePostsByPoster(tx: Tx, threadId: number): Promise<PosterShareRow[]> {
  return tx.$queryRaw<PosterShareRow[]>`
    SELECT "userId", count(*)::int AS n FROM forum_posts WHERE "threadId" = ${threadId} AND NOT hidden GROUP BY "userId" ORDER BY "userId"`;
}
