import "server-only";
import type { Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// The fan-out's reading (lib/server/forums/notify-watchers.ts): the players whose level for a
// thread is "watching", by their thread row, or by their forum row when they have no thread row.

export type WatcherBatch = { postId: number; threadId: number; forumId: number; authorId: number; starterId: number; after: number; limit: number };

/**
 * The next `limit` watchers of the thread above user id `after`, in id order (keyset paging over
 * the (target, level, user) indexes). Left out: the post's writer, the thread's starter (told of
 * the reply as `forum_reply`, or muted), players the post mentions or quotes (told of that
 * instead), and accounts that cannot sign in (unconfirmed, deleted, banned now).
 */
export async function watchersAfter(tx: Tx, b: WatcherBatch): Promise<number[]> {
  const rows = await tx.$queryRaw<{ userId: number }[]>`
    SELECT w."userId"
    FROM (
      SELECT tw."userId" FROM forum_thread_watches tw
      WHERE tw."threadId" = ${b.threadId} AND tw.level = 'watching' AND tw."userId" > ${b.after}
      UNION ALL
      SELECT fw."userId" FROM forum_forum_watches fw
      WHERE fw."forumId" = ${b.forumId} AND fw.level = 'watching' AND fw."userId" > ${b.after}
        AND NOT EXISTS (SELECT 1 FROM forum_thread_watches own WHERE own."threadId" = ${b.threadId} AND own."userId" = fw."userId")
    ) w
    JOIN users u ON u.id = w."userId"
    WHERE w."userId" <> ${b.authorId} AND w."userId" <> ${b.starterId}
      AND u."isActive" AND u."deletedAt" IS NULL AND NOT ${BANNED_NOW}
      AND NOT EXISTS (SELECT 1 FROM forum_post_mentions m WHERE m."postId" = ${b.postId} AND m."userId" = w."userId")
      AND NOT EXISTS (SELECT 1 FROM forum_post_quotes q WHERE q."postId" = ${b.postId} AND q."quotedUserId" = w."userId")
    ORDER BY w."userId"
    LIMIT ${b.limit}`;
  return rows.map((r) => r.userId);
}

/** A "watching" row for the player and thread, unless they have one (any level) already. */
export async function insertWatchUnlessSet(tx: Tx, userId: number, threadId: number): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO forum_thread_watches ("userId", "threadId", level, "updatedAt")
    VALUES (${userId}, ${threadId}, 'watching', (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("userId", "threadId") DO NOTHING`;
}

/** Those of `userIds` whose thread row, else forum row, for the thread says muted. */
export async function mutedOf(tx: Tx, threadId: number, userIds: readonly number[]): Promise<number[]> {
  const rows = await tx.$queryRaw<{ userId: number }[]>`
    SELECT u.id AS "userId"
    FROM unnest(${[...userIds]}::int[]) AS u(id)
    JOIN forum_threads t ON t.id = ${threadId}
    LEFT JOIN forum_thread_watches tw ON tw."threadId" = t.id AND tw."userId" = u.id
    LEFT JOIN forum_forum_watches fw ON fw."forumId" = t."forumId" AND fw."userId" = u.id
    WHERE COALESCE(tw.level, fw.level) = 'muted'`;
  return rows.map((r) => r.userId);
}
