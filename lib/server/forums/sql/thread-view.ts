import "server-only";
import type { MemberRank, Privilege } from "@/lib/generated/prisma/client";
import { db } from "../../db";
import { PREPARED } from "../../sql/prepared-statements";

// The thread view (GET /api/v1/forums/thread/{id} and the thread page) in two statements:
// the thread with its forum, category, starter, latest poster and the count of posts this reader
// sees; then one page of those posts with their authors and editors. Written as SQL because it is
// the forum's hottest read: the same answer through the query builder took four statements and
// about four times the CPU (docs/performance.md, "Where the time goes").

export type ThreadViewRow = {
  id: number;
  title: string;
  closed: boolean;
  pinned: boolean;
  hidden: boolean;
  hiddenReason: string | null;
  postCount: number;
  latestPostAt: Date;
  createdAt: Date;
  forumId: number;
  forumName: string;
  categoryId: number;
  categoryName: string;
  starter: string;
  latestUser: string | null;
  /** Posts this reader sees (staff: all, hidden ones too). */
  visiblePosts: number;
};

/**
 * The thread as `staff` or not sees it, or null when it does not exist or is hidden from this
 * reader (for players: the thread, its forum or its category hidden by staff).
 */
export async function selectThreadView(threadId: number, staff: boolean): Promise<ThreadViewRow | null> {
  const [row] = await db.$queryRaw<ThreadViewRow[]>`${PREPARED}
    SELECT t.id, t.title, t.closed, t.pinned, t.hidden, t."hiddenReason", t."postCount", t."latestPostAt", t."createdAt",
           f.id AS "forumId", f.name AS "forumName", c.id AS "categoryId", c.name AS "categoryName",
           starter.username AS starter, latest.username AS "latestUser",
           (SELECT count(*)::int FROM forum_posts p WHERE p."threadId" = t.id AND (${staff} OR NOT p.hidden)) AS "visiblePosts"
    FROM forum_threads t
    JOIN forums f ON f.id = t."forumId"
    JOIN forum_categories c ON c.id = f."categoryId"
    JOIN users starter ON starter.id = t."userId"
    LEFT JOIN users latest ON latest.id = t."latestPostUserId"
    WHERE t.id = ${threadId} AND (${staff} OR (NOT t.hidden AND NOT f.hidden AND NOT c.hidden))`;
  return row ?? null;
}

export type ThreadPostRow = {
  id: number;
  content: string;
  hidden: boolean;
  hiddenReason: string | null;
  createdAt: Date;
  editedAt: Date | null;
  editReason: string | null;
  editor: string | null;
  username: string;
  privilege: Privilege;
  memberRank: MemberRank;
  threadCount: number;
  postCount: number;
  joinedAt: Date;
  /** Likes on the post (an index-only count on forum_post_likes' key). */
  likeCount: number;
};

/** One page of the thread's posts this reader sees, oldest first (the index on threadId, hidden, createdAt, id). */
export function selectThreadPosts(threadId: number, staff: boolean, offset: number, limit: number): Promise<ThreadPostRow[]> {
  return db.$queryRaw<ThreadPostRow[]>`${PREPARED}
    SELECT p.id, p.content, p.hidden, p."hiddenReason", p."createdAt", p."editedAt", p."editReason", editor.username AS editor,
           u.username, u.privilege::text AS privilege, u."memberRank"::text AS "memberRank", u."threadCount", u."postCount", u."createdAt" AS "joinedAt",
           (SELECT count(*)::int FROM forum_post_likes l WHERE l."postId" = p.id) AS "likeCount"
    FROM forum_posts p
    JOIN users u ON u.id = p."userId"
    LEFT JOIN users editor ON editor.id = p."editedById"
    WHERE p."threadId" = ${threadId} AND (${staff} OR NOT p.hidden)
    ORDER BY p."createdAt", p.id
    OFFSET ${offset} LIMIT ${limit}`;
}
