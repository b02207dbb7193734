import "server-only";
import { assertNotMuted } from "../punishments/restrictions";
import { announce, topic } from "../changes/announce";
import type { z } from "zod";
import { STAFF_ONLY_FORUM_MESSAGE, type TThread, type ZCreateThreadInput } from "@/lib/schemas/forums";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { forumNotFound, THREAD_INCLUDE, toThreadDto, visibleForums } from "./forum-dto";
import { prepareContent } from "../content/prepare-content";
import { lockRowById } from "../sql/locks";
import { dropDraft } from "./drafts";
import { tellPostReferences } from "./post-notices";
import { savePostReferences } from "./post-references";
import { enqueue } from "../jobs/enqueue";
import { watchOnPosting } from "./watches";
import { advanceReadPoint } from "./sql/unread";

// POST /api/v1/forums/threads: start a thread with its opening post. `insertThread` is the one
// write of a new thread (the news use cases call it too), so the counters are kept in one place.

export type InsertThreadInput = {
  forumId: number;
  userId: number;
  title: string;
  /** Already sanitised (prepareContent). */
  content: string;
  at?: Date;
};

/**
 * Writes the thread, its opening post and every counter in the caller's transaction. The forum
 * row is locked first: concurrent thread creations in one forum queue here instead of
 * deadlocking on `latestThreadId` (a unique column, so its update takes the strongest row lock,
 * which conflicts with the key-share lock every insert referencing the forum holds).
 * Throws forumNotFound when the forum does not exist.
 */
export async function insertThread(tx: Tx, input: InsertThreadInput): Promise<{ threadId: number; postId: number }> {
  if (!(await lockRowById(tx, "forum", input.forumId))) throw forumNotFound();
  // Taken after the lock, so threads of one forum are dated in the order they commit.
  const at = input.at ?? new Date();

  const thread = await tx.forumThread.create({
    data: { forumId: input.forumId, userId: input.userId, title: input.title, postCount: 1, latestPostAt: at, latestPostUserId: input.userId, createdAt: at },
    select: { id: true },
  });
  const post = await tx.forumPost.create({ data: { threadId: thread.id, userId: input.userId, content: input.content, createdAt: at }, select: { id: true } });
  await tx.forum.update({
    where: { id: input.forumId },
    data: { threadCount: { increment: 1 }, postCount: { increment: 1 }, latestThreadId: thread.id },
  });
  await tx.user.update({ where: { id: input.userId }, data: { threadCount: { increment: 1 }, postCount: { increment: 1 } } });
  // The starter has read their own thread (docs/forums.md, "Unread and new").
  await advanceReadPoint(tx, input.userId, thread.id, post.id);
  await tellPostReferences(tx, { id: post.id, authorId: input.userId }, await savePostReferences(tx, post.id, input.content));
  await announce(tx, [topic.forumIndex, topic.forum(input.forumId)]);
  // The starter watches their thread; players watching the forum hear of it from the
  // notify-watchers job (queued here, run after the commit).
  await watchOnPosting(tx, input.userId, thread.id);
  await enqueue("notify-watchers", { postId: post.id }, { tx, jobKey: `notify-watchers:post:${post.id}` });
  return { threadId: thread.id, postId: post.id };
}

export type CreateThreadInput = z.output<typeof ZCreateThreadInput>;

export async function createThread(actor: Pick<Actor, "userId" | "username" | "isStaff">, input: CreateThreadInput): Promise<TThread> {
  // A forum hidden by staff (or in a hidden category) does not exist for players.
  const forum = await db.forum.findFirst({ where: { id: input.forum_id, ...visibleForums(actor) }, select: { staffOnly: true } });
  if (!forum) throw forumNotFound();
  if (forum.staffOnly && !actor.isStaff) throw new AppError("FORBIDDEN", { userMessage: STAFF_ONLY_FORUM_MESSAGE });
  const content = await prepareContent(input.content);

  const { threadId } = await db.$transaction(async (tx) => {
    // A muted player starts no thread (docs/staff.md, "Punishments").
    await assertNotMuted(actor.userId, tx);
    const written = await insertThread(tx, { forumId: input.forum_id, userId: actor.userId, title: input.title, content });
    await dropDraft(tx, actor.userId, "THREAD", input.forum_id);
    return written;
  });
  // Read after the commit: the forum's lock is held no longer than the writes need.
  const row = await db.forumThread.findUniqueOrThrow({ where: { id: threadId }, include: THREAD_INCLUDE });
  return toThreadDto(row, actor.username);
}
