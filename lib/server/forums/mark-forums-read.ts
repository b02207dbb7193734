import "server-only";
import type { TMarkRead } from "@/lib/schemas/forum-reads";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { forumNotFound, visibleForums } from "./forum-dto";
import { markForumsRead as writeMark } from "./sql/unread";

// POST /api/v1/forums/read (docs/forums.md, "Unread and new"): "Mark all read". One write whatever
// the number of threads: a point in time (every forum, or one forum) before which every post
// counts as read. A forum the player may not see is not found.

export async function markForumsRead(actor: Pick<Actor, "userId" | "isStaff">, forumId: number | undefined): Promise<TMarkRead> {
  if (forumId !== undefined) {
    const forum = await db.forum.findFirst({ where: { id: forumId, ...visibleForums(actor) }, select: { id: true } });
    if (!forum) throw forumNotFound();
  }
  await writeMark(db, actor.userId, forumId ?? null);
  return { forum_id: forumId ?? null };
}
