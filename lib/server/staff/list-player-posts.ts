import "server-only";
import { POSTS_PAGE_SIZE } from "@/lib/schemas/forums";
import type { TStaffPostRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";
import { listPlayerPostRows } from "./sql/player-posts";

// The same link as components/forums/forum-paths.ts threadHref (lib/server cannot import components).
const postHref = (threadId: number, page: number, postId: number) => `/forums/thread/${threadId}${page > 1 ? `?page=${page}` : ""}#post-${postId}`;

/**
 * A player's forum posts, hidden ones included, newest first, each linked to its page of its
 * thread as staff see it (staff pages count hidden posts too).
 */
export async function listPlayerPosts(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TStaffPostRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([listPlayerPostRows(userId, pageSize, (page - 1) * pageSize), db.forumPost.count({ where: { userId } })]);
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      threadId: r.threadId,
      threadTitle: r.title,
      createdAt: r.createdAt.toISOString(),
      hidden: r.hidden,
      href: postHref(r.threadId, Math.floor(r.before / POSTS_PAGE_SIZE) + 1, r.id),
    })),
  };
}
