import "server-only";
import { THREAD_CLOSED_MESSAGE, type TPost } from "@/lib/schemas/forums";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { POST_INCLUDE, threadNotFound, toPostDto } from "./forum-dto";
import { WRITE_TX } from "./forum-counters";
import { prepareContent } from "./image-proxy";

// POST /api/v1/forums/posts: a reply. The thread row is locked first (by the update of its
// counters), so a close racing the reply either lands before it (the reply is refused, nothing
// written) or after it; the post and the thread, forum and author counters are written in that
// one transaction. Lock order of every forum write: thread, then forum(s), then user. Updating
// non-key columns takes the FOR NO KEY UPDATE row lock, which still admits the key-share locks
// of inserts referencing the thread.

export async function createPost(actor: Pick<Actor, "userId" | "isStaff">, input: { thread_id: number; content: string }): Promise<TPost> {
  const content = await prepareContent(input.content);
  const postId = await db.$transaction(async (tx) => {
    // Counts the reply and takes the row lock in one statement. The date is read after the lock
    // is granted (clock_timestamp, UTC wall clock like every column), so replies to one thread
    // are dated in the order they commit. A closed thread throws, which rolls this back.
    const [thread] = await tx.$queryRaw<{ forumId: number; closed: boolean; at: Date }[]>`
      UPDATE forum_threads
      SET "postCount" = "postCount" + 1, "latestPostAt" = (clock_timestamp() AT TIME ZONE 'UTC'), "latestPostUserId" = ${actor.userId}
      WHERE id = ${input.thread_id} AND NOT hidden
        -- A thread in a forum hidden by staff does not exist for players (issue 18).
        AND (${actor.isStaff} OR EXISTS (SELECT 1 FROM forums f JOIN forum_categories c ON c.id = f."categoryId" WHERE f.id = forum_threads."forumId" AND NOT f.hidden AND NOT c.hidden))
      RETURNING "forumId", closed, "latestPostAt" AS at`;
    if (!thread) throw threadNotFound();
    if (thread.closed) throw new AppError("CONFLICT", { userMessage: THREAD_CLOSED_MESSAGE });

    const post = await tx.forumPost.create({ data: { threadId: input.thread_id, userId: actor.userId, content, createdAt: thread.at }, select: { id: true } });
    await tx.forum.update({ where: { id: thread.forumId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    await tx.user.update({ where: { id: actor.userId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    return post.id;
  }, WRITE_TX);
  // Read after the commit: the thread's lock is held no longer than the writes need.
  return toPostDto(await db.forumPost.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE }), actor.isStaff);
}
