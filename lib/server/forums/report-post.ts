import "server-only";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { postNotFound, visiblePosts } from "./forum-dto";
import { upsertPostReport } from "./sql/reports";

// POST /api/v1/forums/posts/{id}/report: a reader flags a post for staff. One report per reader
// per post: reporting again replaces the reason and opens the report again (dated anew when it
// had been resolved, so it joins the end of the queue). A post a player cannot read (hidden, or in
// a hidden thread, forum or category) is not found for them.

export async function reportPost(actor: Pick<Actor, "userId" | "isStaff">, postId: number, reason: string): Promise<{ id: number }> {
  const post = await db.forumPost.findFirst({ where: { id: postId, ...visiblePosts(actor) }, select: { id: true } });
  if (!post) throw postNotFound();
  // One statement, so two reports sent at once cannot both insert.
  return { id: await upsertPostReport(postId, actor.userId, reason) };
}
