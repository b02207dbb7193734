import "server-only";
import type { Tx } from "../../db";

/** The thread a reply was counted on: its forum, whether it is closed, and the reply's date. */
export type RepliedThreadRow = { forumId: number; closed: boolean; at: Date };

/**
 * Counts one reply on the thread and takes its row lock in one statement; the thread's row, or
 * null when the thread is hidden or (for a player) in a hidden forum or category.
 */
export async function countReplyOnThread(tx: Tx, input: { threadId: number; userId: number; isStaff: boolean }): Promise<RepliedThreadRow | null> {
  // The date is read after the lock is granted (clock_timestamp, UTC wall clock like every
  // column), so replies to one thread are dated in the order they commit.
  const [thread] = await tx.$queryRaw<RepliedThreadRow[]>`
      UPDATE forum_threads
      SET "postCount" = "postCount" + 1, "latestPostAt" = (clock_timestamp() AT TIME ZONE 'UTC'), "latestPostUserId" = ${input.userId}
      WHERE id = ${input.threadId} AND NOT hidden
        -- A thread in a forum hidden by staff does not exist for players.
        AND (${input.isStaff} OR EXISTS (SELECT 1 FROM forums f JOIN forum_categories c ON c.id = f."categoryId" WHERE f.id = forum_threads."forumId" AND NOT f.hidden AND NOT c.hidden))
      RETURNING "forumId", closed, "latestPostAt" AS at`;
  return thread ?? null;
}
