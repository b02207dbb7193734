import "server-only";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, postNotFound } from "./forum-dto";
import { upsertPostReport } from "./sql/reports";

// POST /api/v1/forums/posts/{id}/report: a reader flags a post for staff. One report per reader
// per post: reporting again replaces the reason and opens the report again (dated anew when it
// had been resolved, so it joins the end of the queue). Players cannot reach hidden posts.

export async function reportPost(actor: Pick<Actor, "userId" | "isStaff">, postId: number, reason: string): Promise<{ id: number }> {
  const staff = canSeeHidden(actor);
  const post = await db.forumPost.findFirst({ where: { id: postId, ...(staff ? {} : { hidden: false, thread: { hidden: false } }) }, select: { id: true } });
  if (!post) throw postNotFound();
  // One statement, so two reports sent at once cannot both insert.
  return { id: await upsertPostReport(postId, actor.userId, reason) };
}
