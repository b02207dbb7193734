import "server-only";
import type { TWatchState, WatchLevel } from "@/lib/schemas/forum-watches";
import { db, type Tx } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { forumNotFound, threadNotFound, visibleForums, visibleThreads } from "./forum-dto";
import { insertWatchUnlessSet, mutedOf } from "./sql/watchers";

// Watching levels (docs/forums.md, "Watching"). A player's level for a thread is their row for
// the thread, else their row for its forum, else "normal". Every query is keyed by the caller's
// own id, and a thread or forum the caller may not read answers 404 as every forum read does.

type Reader = Pick<Actor, "userId" | "isStaff">;

async function threadLevel(client: Tx | typeof db, userId: number, thread: { id: number; forumId: number }): Promise<TWatchState> {
  const own = await client.forumThreadWatch.findUnique({ where: { userId_threadId: { userId, threadId: thread.id } }, select: { level: true } });
  if (own) return { level: own.level as WatchLevel, source: "thread" };
  const forum = await client.forumForumWatch.findUnique({ where: { userId_forumId: { userId, forumId: thread.forumId } }, select: { level: true } });
  return forum ? { level: forum.level as WatchLevel, source: "forum" } : { level: "normal", source: "default" };
}

async function readableThread(reader: Reader, threadId: number) {
  const thread = await db.forumThread.findFirst({ where: { id: threadId, ...visibleThreads(reader) }, select: { id: true, forumId: true } });
  if (!thread) throw threadNotFound();
  return thread;
}

async function readableForum(reader: Reader, forumId: number) {
  const forum = await db.forum.findFirst({ where: { id: forumId, ...visibleForums(reader) }, select: { id: true } });
  if (!forum) throw forumNotFound();
  return forum;
}

export async function getThreadWatch(reader: Reader, threadId: number): Promise<TWatchState> {
  return threadLevel(db, reader.userId, await readableThread(reader, threadId));
}

export async function setThreadWatch(reader: Reader, threadId: number, level: WatchLevel): Promise<TWatchState> {
  const thread = await readableThread(reader, threadId);
  await db.forumThreadWatch.upsert({
    where: { userId_threadId: { userId: reader.userId, threadId: thread.id } },
    create: { userId: reader.userId, threadId: thread.id, level },
    update: { level, updatedAt: new Date() },
    select: { level: true },
  });
  return { level, source: "thread" };
}

export async function getForumWatch(reader: Reader, forumId: number): Promise<TWatchState> {
  const forum = await readableForum(reader, forumId);
  const row = await db.forumForumWatch.findUnique({ where: { userId_forumId: { userId: reader.userId, forumId: forum.id } }, select: { level: true } });
  return row ? { level: row.level as WatchLevel, source: "forum" } : { level: "normal", source: "default" };
}

export async function setForumWatch(reader: Reader, forumId: number, level: WatchLevel): Promise<TWatchState> {
  const forum = await readableForum(reader, forumId);
  await db.forumForumWatch.upsert({
    where: { userId_forumId: { userId: reader.userId, forumId: forum.id } },
    create: { userId: reader.userId, forumId: forum.id, level },
    update: { level, updatedAt: new Date() },
    select: { level: true },
  });
  return { level, source: "forum" };
}

/**
 * Auto-watch: starting a thread, or replying in one, makes the writer watch it, unless they
 * already chose a level for it (a muted thread stays muted). In the post's own transaction.
 */
export const watchOnPosting = (tx: Tx, userId: number, threadId: number): Promise<void> => insertWatchUnlessSet(tx, userId, threadId);

/** Those of `userIds` whose level for the thread (their thread row, else their forum row) is muted: nothing from it reaches them. */
export async function mutedAmong(tx: Tx, threadId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  return new Set(await mutedOf(tx, threadId, userIds));
}
