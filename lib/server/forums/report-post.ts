import "server-only";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, postNotFound } from "./forum-dto";

// POST /api/v1/forums/posts/{id}/report: a reader flags a post for staff. One report per reader
// per post: reporting again replaces the reason and opens the report again (dated anew when it
// had been resolved, so it joins the end of the queue). Players cannot reach hidden posts.

export async function reportPost(actor: Pick<Actor, "userId" | "isStaff">, postId: number, reason: string): Promise<{ id: number }> {
  const staff = canSeeHidden(actor);
  const post = await db.forumPost.findFirst({ where: { id: postId, ...(staff ? {} : { hidden: false, thread: { hidden: false } }) }, select: { id: true } });
  if (!post) throw postNotFound();
  // One statement, so two reports sent at once cannot both insert. Timestamps are UTC wall
  // clock (TIMESTAMP(3)), as Prisma writes them.
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO forum_post_reports ("postId", "reporterId", reason, "createdAt")
    VALUES (${postId}, ${actor.userId}, ${reason}, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("postId", "reporterId") DO UPDATE SET
      reason = EXCLUDED.reason,
      "createdAt" = CASE WHEN forum_post_reports."resolvedAt" IS NULL THEN forum_post_reports."createdAt" ELSE EXCLUDED."createdAt" END,
      "resolvedAt" = NULL,
      "resolvedById" = NULL
    RETURNING id`;
  return { id: row!.id };
}
