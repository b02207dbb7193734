import "server-only";
import { assertNotMuted } from "../punishments/restrictions";
import { announce, topic } from "../changes/announce";
import { POSTS_PAGE_SIZE, THREAD_CLOSED_MESSAGE, type TPost } from "@/lib/schemas/forums";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { POST_INCLUDE, threadNotFound, toPostDto } from "./forum-dto";
import { prepareContent } from "../content/prepare-content";
import { countReplyOnThread } from "./sql/replies";
import { advanceReadPoint } from "./sql/unread";
import { dropDraft } from "./drafts";
import { savePostReferences, withCurrentNames } from "./post-references";
import { notifyForumReply } from "../notifications/events";
import { tellPostReferences } from "./post-notices";
import { enqueue } from "../jobs/enqueue";
import { mutedAmong, watchOnPosting } from "./watches";

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
    // A muted player posts nothing (docs/staff.md, "Punishments"); the throw rolls the count back.
    await assertNotMuted(actor.userId, tx);

    const post = await tx.forumPost.create({ data: { threadId: input.thread_id, userId: actor.userId, content, createdAt: thread.at }, select: { id: true } });
    await tx.forum.update({ where: { id: thread.forumId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    await tx.user.update({ where: { id: actor.userId }, data: { postCount: { increment: 1 } }, select: { id: true } });
    // The writer has read the thread up to their own reply (docs/forums.md, "Unread and new").
    await advanceReadPoint(tx, actor.userId, input.thread_id, post.id);
    // Who the reply mentions and quotes (for notifications), and the writer's draft of it, gone.
    const refs = await savePostReferences(tx, post.id, content);
    await dropDraft(tx, actor.userId, "REPLY", input.thread_id);
    await announce(tx, [topic.forumIndex, topic.forum(thread.forumId), topic.thread(input.thread_id)]);
    // The thread's starter hears of it (not of their own replies), in this transaction: a reply
    // rolled back notifies nobody. Catch-up: nothing more while they have one unread for the thread.
    const owner = await tx.forumThread.findUniqueOrThrow({ where: { id: input.thread_id }, select: { userId: true, title: true } });
    // A starter who muted the thread (or its forum, without a level for the thread) hears nothing of it.
    if (owner.userId !== actor.userId && !(await mutedAmong(tx, input.thread_id, [owner.userId])).has(owner.userId)) {
      // Replies are dated in commit order under the thread's lock, so the visible posts before
      // this one are exactly those of lower date (and it is the newest).
      const before = await tx.forumPost.count({ where: { threadId: input.thread_id, hidden: false, id: { not: post.id }, createdAt: { lte: thread.at } } });
      const author = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { username: true } });
      await notifyForumReply(tx, {
        ownerId: owner.userId,
        threadId: input.thread_id,
        title: owner.title,
        postId: post.id,
        page: Math.floor(before / POSTS_PAGE_SIZE) + 1,
        author,
      });
    }
    await tellPostReferences(tx, { id: post.id, authorId: actor.userId }, refs);
    // Replying watches the thread, unless the writer chose a level for it (muted stays muted);
    // everyone watching it hears of the post from the notify-watchers job, queued here so a
    // rolled-back reply queues nothing, and run after the commit so the reply's cost does not
    // grow with the number of watchers.
    await watchOnPosting(tx, actor.userId, input.thread_id);
    await enqueue("notify-watchers", { postId: post.id }, { tx, jobKey: `notify-watchers:post:${post.id}` });
    return post.id;
  });
  // Read after the commit: the thread's lock is held no longer than the writes need.
  const [dto] = await withCurrentNames([toPostDto(await db.forumPost.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE }), actor.isStaff)]);
  return dto!;
}
