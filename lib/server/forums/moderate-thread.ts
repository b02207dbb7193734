import "server-only";
import { HIDE_THREAD_NEEDS_REASON } from "@/lib/schemas/forums";
import { announce, topic } from "../changes/announce";
import type { TThread } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { threadNotFound } from "./forum-dto";
import { readThreadDto, refreshForumLatest } from "./forum-counters";
import { lockRowsById } from "../sql/locks";
import { countVisiblePostsByPoster, type LockedThreadRow, lockThreadForModeration } from "./sql/moderation-locks";

// PATCH /api/v1/staff/forums/threads/{id}: staff pin or unpin, close or reopen, hide or show,
// rename, or move a thread to another forum. One transaction: the thread row is locked first (a
// reply racing a close or a hide queues behind it), then forums in id order, then users in id
// order. Each real change is audited, one entry each with the field before and after, in this
// transaction; asking for the state a thread already has changes nothing and records nothing.
//
// A hidden thread leaves every counter, as a hidden post does: its forum's thread and post counts,
// its author's thread count and each poster's post count (its visible posts only). Unhiding puts
// them back. While hidden it is moved without touching forum counters.

export type ThreadPatch = { pinned?: boolean; closed?: boolean; hidden?: boolean; title?: string; forum_id?: number; reason?: string };

type Staff = Pick<Actor, "userId">;

export async function moderateThread(actor: Staff, threadId: number, patch: ThreadPatch, ip?: string): Promise<TThread> {
  if (patch.hidden && !patch.reason) throw new AppError("VALIDATION", { fields: { reason: [HIDE_THREAD_NEEDS_REASON] } });

  return db.$transaction(async (tx) => {
    const thread = await lockThreadForModeration(tx, threadId);
    if (!thread) throw threadNotFound();
    const fromForum = thread.forumId;
    // Forums before users, in id order, once: a hide and a move in one request touch both.
    const forums = [thread.forumId, ...(patch.forum_id !== undefined ? [patch.forum_id] : [])];
    if (patch.hidden !== undefined || patch.forum_id !== undefined) {
      await lockRowsById(tx, "forum", forums);
    }
    // One entry per change: the field as it was and as it became, with the request's reason.
    type Fields = Record<string, string | number | boolean | null>;
    const audit = (action: string, before: Fields, after: Fields, context: Fields = {}) =>
      recordAudit(
        {
          action,
          actorId: actor.userId,
          targetType: "forum_thread",
          targetId: threadId,
          data: { ...context, reason: patch.reason ?? null, before, after },
          ip: ip ?? null,
        },
        tx,
      );

    if (patch.pinned !== undefined && patch.pinned !== thread.pinned) {
      await tx.forumThread.update({ where: { id: threadId }, data: { pinned: patch.pinned } });
      await audit(patch.pinned ? "forum.thread.pin" : "forum.thread.unpin", { pinned: thread.pinned }, { pinned: patch.pinned });
    }
    if (patch.closed !== undefined && patch.closed !== thread.closed) {
      await tx.forumThread.update({ where: { id: threadId }, data: { closed: patch.closed } });
      await audit(patch.closed ? "forum.thread.close" : "forum.thread.reopen", { closed: thread.closed }, { closed: patch.closed });
    }
    if (patch.title !== undefined && patch.title !== thread.title) {
      await tx.forumThread.update({ where: { id: threadId }, data: { title: patch.title } });
      // A news post is its thread: the archive and its page show the new title too (the slug stays, so links keep working).
      await tx.newsPost.updateMany({ where: { threadId }, data: { title: patch.title } });
      await audit("forum.thread.rename", { title: thread.title }, { title: patch.title });
    }
    // Hiding before a move in the same request: the move then carries no counters, and showing
    // again after a move counts the thread in its new forum. Either order ends consistent.
    if (patch.hidden === true && !thread.hidden) {
      await setHidden(tx, actor, threadId, thread, true, patch.reason ?? null);
      thread.hidden = true;
      await audit("forum.thread.hide", { hidden: false }, { hidden: true }, { forumId: thread.forumId, authorId: thread.userId });
    }
    if (patch.forum_id !== undefined && patch.forum_id !== thread.forumId) {
      await moveThread(tx, threadId, thread, patch.forum_id);
      await audit("forum.thread.move", { forumId: thread.forumId }, { forumId: patch.forum_id });
      thread.forumId = patch.forum_id;
    }
    if (patch.hidden === false && thread.hidden) {
      await setHidden(tx, actor, threadId, thread, false, null);
      await audit("forum.thread.unhide", { hidden: true }, { hidden: false }, { forumId: thread.forumId, authorId: thread.userId });
    }
    // The thread, the forum(s) listing it, the index's counters; a news thread's article too
    // (its title, whether it shows, the forum it names).
    const isNews = (await tx.newsPost.count({ where: { threadId } })) > 0;
    await announce(tx, [topic.forumIndex, topic.forum(fromForum), topic.forum(thread.forumId), topic.thread(threadId), ...(isNews ? [topic.news] : [])]);
    return readThreadDto(tx, threadId);
  });
}

/**
 * Hides or shows the thread and moves its visible posts out of (or back into) the forum's and
 * the posters' counters. `thread.postCount` already counts only visible posts; a poster's share
 * is counted from the rows, which cannot change while the thread row is locked (replies and post
 * moderation lock it first). The caller holds the forum row lock.
 */
async function setHidden(tx: Tx, actor: Staff, threadId: number, thread: LockedThreadRow, hidden: boolean, reason: string | null): Promise<void> {
  const sign = hidden ? -1 : 1;
  await tx.forumThread.update({
    where: { id: threadId },
    data: hidden
      ? { hidden: true, hiddenAt: new Date(), hiddenById: actor.userId, hiddenReason: reason }
      : { hidden: false, hiddenAt: null, hiddenById: null, hiddenReason: null },
  });
  await tx.forum.update({ where: { id: thread.forumId }, data: { threadCount: { increment: sign }, postCount: { increment: sign * thread.postCount } } });
  await refreshForumLatest(tx, thread.forumId);

  const shares = await countVisiblePostsByPoster(tx, threadId);
  const byUser = new Map(shares.map((s) => [s.userId, { posts: s.n, threads: 0 }]));
  const author = byUser.get(thread.userId) ?? { posts: 0, threads: 0 };
  byUser.set(thread.userId, { ...author, threads: 1 });
  // Users in id order, so two hides sharing posters cannot deadlock.
  for (const userId of [...byUser.keys()].sort((a, b) => a - b)) {
    const share = byUser.get(userId)!;
    await tx.user.update({
      where: { id: userId },
      data: { postCount: { increment: sign * share.posts }, threadCount: { increment: sign * share.threads } },
      select: { id: true },
    });
  }
}

/** Moves the thread (and, unless it is hidden, its counters) from one forum to the other; both forum rows locked in id order. */
async function moveThread(tx: Tx, threadId: number, thread: Pick<LockedThreadRow, "forumId" | "postCount" | "hidden">, to: number): Promise<void> {
  const from = thread.forumId;
  const locked = await lockRowsById(tx, "forum", [from, to]);
  if (!locked.includes(to)) throw new AppError("VALIDATION", { fields: { forum_id: ["No forum with this id."] } });

  await tx.forumThread.update({ where: { id: threadId }, data: { forumId: to } });
  if (thread.hidden) return;
  await tx.forum.update({ where: { id: from }, data: { threadCount: { decrement: 1 }, postCount: { decrement: thread.postCount } } });
  await tx.forum.update({ where: { id: to }, data: { threadCount: { increment: 1 }, postCount: { increment: thread.postCount } } });
  // The source first: it may have pointed at this thread, which the target may point at next
  // (latestThreadId is unique).
  await refreshForumLatest(tx, from);
  await refreshForumLatest(tx, to);
}
