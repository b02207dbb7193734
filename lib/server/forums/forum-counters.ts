import "server-only";
import type { TThread } from "@/lib/schemas/forums";
import type { Tx } from "../db";
import { latestPosters, THREAD_INCLUDE, toThreadDto } from "./forum-dto";

// Recomputing the "latest" pointers after moderation (hiding a post, moving a thread). Plain
// counters are moved with atomic increments by each write; only these pointers need a look at
// the rows. Callers hold the thread or forum row lock.

/** Points the thread's latest post at its newest visible post (the thread's start when none is left). */
export async function refreshThreadLatest(tx: Tx, threadId: number): Promise<void> {
  const newest = await tx.forumPost.findFirst({
    where: { threadId, hidden: false },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true, userId: true },
  });
  if (newest) {
    await tx.forumThread.update({ where: { id: threadId }, data: { latestPostAt: newest.createdAt, latestPostUserId: newest.userId } });
  } else {
    const thread = await tx.forumThread.findUniqueOrThrow({ where: { id: threadId }, select: { createdAt: true } });
    await tx.forumThread.update({ where: { id: threadId }, data: { latestPostAt: thread.createdAt, latestPostUserId: null } });
  }
}

/** Points the forum's latest thread at its newest visible thread, or null. */
export async function refreshForumLatest(tx: Tx, forumId: number): Promise<void> {
  const newest = await tx.forumThread.findFirst({ where: { forumId, hidden: false }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
  await tx.forum.update({ where: { id: forumId }, data: { latestThreadId: newest?.id ?? null } });
}

/** The thread as the API shows it, read inside the transaction that changed it. */
export async function readThreadDto(tx: Tx, threadId: number): Promise<TThread> {
  const row = await tx.forumThread.findUniqueOrThrow({ where: { id: threadId }, include: THREAD_INCLUDE });
  const posters = await latestPosters(tx, [row]);
  return toThreadDto(row, row.latestPostUserId === null ? null : (posters.get(row.latestPostUserId) ?? null));
}
