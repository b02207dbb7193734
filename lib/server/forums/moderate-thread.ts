import "server-only";
import type { TThread } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { threadNotFound } from "./forum-dto";
import { readThreadDto, refreshForumLatest, WRITE_TX } from "./forum-counters";

// PATCH /api/v1/staff/forums/threads/{id}: staff pin or unpin, close or reopen, or move a thread
// to another forum. One transaction: the thread row is locked first (a reply racing a close
// queues behind it), then both forums in id order for a move. Each real change is audited;
// asking for the state a thread already has changes nothing and records nothing.

export type ThreadPatch = { pinned?: boolean; closed?: boolean; forum_id?: number; reason?: string };

type Staff = Pick<Actor, "userId">;

export async function moderateThread(actor: Staff, threadId: number, patch: ThreadPatch, ip?: string): Promise<TThread> {
  return db.$transaction(async (tx) => {
    const [thread] = await tx.$queryRaw<{ forumId: number; pinned: boolean; closed: boolean; postCount: number }[]>`
      SELECT "forumId", pinned, closed, "postCount" FROM forum_threads WHERE id = ${threadId} FOR NO KEY UPDATE`;
    if (!thread) throw threadNotFound();
    const audit = (action: string, data: Record<string, string | number | boolean | null> = {}) =>
      recordAudit({ action, actorId: actor.userId, targetType: "forum_thread", targetId: threadId, data: { ...data, reason: patch.reason ?? null }, ip: ip ?? null }, tx);

    if (patch.pinned !== undefined && patch.pinned !== thread.pinned) {
      await tx.forumThread.update({ where: { id: threadId }, data: { pinned: patch.pinned } });
      await audit(patch.pinned ? "forum.thread.pin" : "forum.thread.unpin");
    }
    if (patch.closed !== undefined && patch.closed !== thread.closed) {
      await tx.forumThread.update({ where: { id: threadId }, data: { closed: patch.closed } });
      await audit(patch.closed ? "forum.thread.close" : "forum.thread.reopen");
    }
    if (patch.forum_id !== undefined && patch.forum_id !== thread.forumId) {
      await moveThread(tx, threadId, thread, patch.forum_id);
      await audit("forum.thread.move", { from: thread.forumId, to: patch.forum_id });
    }
    return readThreadDto(tx, threadId);
  }, WRITE_TX);
}

/** Moves the thread and its counters from one forum to the other; both forum rows locked in id order. */
async function moveThread(tx: Tx, threadId: number, thread: { forumId: number; postCount: number }, to: number): Promise<void> {
  const from = thread.forumId;
  const locked = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM forums WHERE id IN (${from}, ${to}) ORDER BY id FOR UPDATE`;
  if (!locked.some((f) => f.id === to)) throw new AppError("VALIDATION", { fields: { forum_id: ["No forum with this id."] } });

  await tx.forumThread.update({ where: { id: threadId }, data: { forumId: to } });
  await tx.forum.update({ where: { id: from }, data: { threadCount: { decrement: 1 }, postCount: { decrement: thread.postCount } } });
  await tx.forum.update({ where: { id: to }, data: { threadCount: { increment: 1 }, postCount: { increment: thread.postCount } } });
  // The source first: it may have pointed at this thread, which the target may point at next
  // (latestThreadId is unique).
  await refreshForumLatest(tx, from);
  await refreshForumLatest(tx, to);
}
