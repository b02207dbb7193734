import "server-only";
import { db } from "../db";
import { notifyWatchedPostMany } from "../notifications/events";
import { publicPlace } from "./post-notices";
import { watchersAfter } from "./sql/watchers";

// The notify-watchers job (docs/forums.md, "Watching"): a new post told to every player watching
// its thread (their thread level, else their forum level, is "watching"). Queued in the post's own
// transaction, so a rolled-back post queues nothing; run off the request, so a reply costs the
// same with ten thousand watchers as with none.
//
// Batches of WATCHERS_BATCH players, each its own short transaction: one read of the next
// watchers by id, then one set-based write for all of them (notifyMany: the same channel,
// dedupe-key, catch-up and mail rules as notify). A batch repeated (a retry after a crash, or two
// runs at once) claims the same dedupe keys and makes nothing twice.
//
// Only about a post every player may read, as mentions and quotes (post-notices.ts): a post hidden
// meanwhile, or in a hidden thread, forum or category, tells no one.

export const WATCHERS_BATCH = 1000;

export type NotifyWatchersResult = { told: number; batches: number };

export async function notifyWatchers(postId: number, opts: { batchSize?: number } = {}): Promise<NotifyWatchersResult> {
  const limit = opts.batchSize ?? WATCHERS_BATCH;
  const post = await db.forumPost.findUnique({
    where: { id: postId },
    select: { threadId: true, userId: true, user: { select: { username: true } }, thread: { select: { forumId: true, userId: true } } },
  });
  if (!post) return { told: 0, batches: 0 };
  const place = await db.$transaction((tx) => publicPlace(tx, postId));
  if (!place) return { told: 0, batches: 0 };

  let after = 0;
  let told = 0;
  let batches = 0;
  for (;;) {
    const { ids, made } = await db.$transaction(async (tx) => {
      const ids = await watchersAfter(tx, {
        postId,
        threadId: post.threadId,
        forumId: post.thread.forumId,
        authorId: post.userId,
        starterId: post.thread.userId,
        after,
        limit,
      });
      const made = ids.length ? await notifyWatchedPostMany(tx, { userIds: ids, postId, ...place, author: post.user }) : [];
      return { ids, made };
    });
    if (ids.length) batches++;
    told += made.length;
    if (ids.length < limit) return { told, batches };
    after = ids[ids.length - 1]!;
  }
}
