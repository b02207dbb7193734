import "server-only";
import type { Tx } from "../../db";

/**
 * Adds the reader's like of the post unless it is there already; true when a row was added. The
 * key (postId, userId) makes a second like, even one sent at the same moment, insert nothing.
 */
export async function insertLike(tx: Tx, postId: number, userId: number): Promise<boolean> {
  // Timestamps are UTC wall clock (TIMESTAMP(3)), as Prisma writes them.
  const added = await tx.$executeRaw`
    INSERT INTO forum_post_likes ("postId", "userId", "createdAt")
    VALUES (${postId}, ${userId}, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("postId", "userId") DO NOTHING`;
  return added > 0;
}
