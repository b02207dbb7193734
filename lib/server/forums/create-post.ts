import "server-only";
import { announce, topic } from "../changes/announce";
import { THREAD_CLOSED_MESSAGE, type TPost } from "@/lib/schemas/forums";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { POST_INCLUDE, threadNotFound, toPostDto } from "./forum-dto";
import { prepareContent } from "../content/prepare-content";
import { countReplyOnThread } from "./sql/replies";

// POST /api/v1/forums/posts: a reply. The thread row is locked first (by the update of its
// counters), so a close racing the reply either lands before it (the reply is refused, nothing
// written) or after it; the post and the thread, forum and author counters are written in that
// one transaction. Lock order of every forum write: thread, then forum(s), then user. Updating
// non-key columns takes the FOR NO KEY UPDATE row lock, which still admits the key-share locks
// of inserts referencing the thread.

export async function createPost(actor: Pick<Actor, "userId" | "isStaff">, input: { thread_id: number; content: string }): Promise<TPost> {
  const content = await prepareContent(input.content);
  const postId = await db.$transaction(async (tx) => {
    // Counts the reply and takes the row lock in one statement, dated after the lock is granted.
    // A closed thread throws, which rolls this back.
    const thread = await countReplyOnThread(tx, { threadId: input.thread_id, userId: actor.userId, isStaff: actor.isStaff });
    if (!thread) throw threadNotFound();
    if (thread.closed) throw new AppError("CONFLICT", { userMessage: THREAD_CLOSED_MESSAGE });

    const post = await tx.forumPost.create({ data: { threadId: input.thread_id, userId: actor.userId, content, createdAt: thread.at }, select: { id: true } });
    await tx.forum.update({ where: { id: thread.forumId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    await tx.user.update({ where: { id: actor.userId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    await announce(tx, [topic.forumIndex, topic.forum(thread.forumId), topic.thread(input.thread_id)]);
    return post.id;
  });
  // Read after the commit: the thread's lock is held no longer than the writes need.
  return toPostDto(await db.forumPost.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE }), actor.isStaff);
}
