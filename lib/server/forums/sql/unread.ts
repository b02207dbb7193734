import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { POSTS_PAGE_SIZE } from "@/lib/messages/forums";
import { db, type Tx } from "../../db";
import { PREPARED } from "../../sql/prepared-statements";

// Forum read state in SQL (docs/forums.md, "Unread and new"). Every unread marker the site shows
// (a forum's summary on the index, a thread row's "new" or "N unread") comes out of
// `unreadThreadsSql` below: the one place that decides which threads are unread for a player.
// A filter that should leave threads out of the markers goes there, as muted threads do.

/** Threads untouched this long (and everything before the account existed) count as read. */
export const UNREAD_CUTOFF_DAYS = 14;
/** Unread posts are counted up to this many per thread ("100+"): the count stays an index probe. */
export const UNREAD_COUNT_CAP = 100;

/**
 * The player's threads with something unread, one row each: `threadId`, `forumId`, `isNew`
 * (never opened, started after the read point), `mark` (the thread's read point in time),
 * `lastReadPostId`, `lastReadPostAt`, and the first unread post (`firstId`, `firstAt`).
 *
 * A post is unread when every player may see it (shown, in a shown thread, forum and category),
 * another player wrote it, it is later than the reader's last read post of the thread, and later
 * than the thread's mark: the latest of the "mark all read" of every forum, that of the thread's
 * forum, the account's creation and `UNREAD_CUTOFF_DAYS` ago. A thread the player muted (its own
 * level, else its forum's: docs/forums.md, "Watching") has no marker. `scope` narrows the threads
 * (a condition on `t`, the forum_threads row). `reads` is where the read rows come from: the
 * table, or a narrower set of the player's rows with the same columns (see unreadForumsStatement).
 */
export function unreadThreadsSql(userId: number, scope: Prisma.Sql, reads: Prisma.Sql = Prisma.sql`forum_thread_reads`): Prisma.Sql {
  return Prisma.sql`
    SELECT t.id AS "threadId", t."forumId", mk.mark, r."lastReadPostId", r."lastReadPostAt",
           (r."lastReadPostId" IS NULL AND t."createdAt" > mk.mark) AS "isNew",
           first.id AS "firstId", first."createdAt" AS "firstAt"
    FROM (SELECT u.id, GREATEST(u."forumsReadAt", u."createdAt", (now() AT TIME ZONE 'UTC') - make_interval(days => ${UNREAD_CUTOFF_DAYS})) AS mark
          FROM users u WHERE u.id = ${userId}) reader
    JOIN forum_threads t ON ${scope} AND NOT t.hidden AND t."latestPostAt" > reader.mark
    JOIN forums f ON f.id = t."forumId" AND NOT f.hidden
    JOIN forum_categories c ON c.id = f."categoryId" AND NOT c.hidden
    LEFT JOIN forum_read_marks fm ON fm."userId" = reader.id AND fm."forumId" = t."forumId"
    LEFT JOIN ${reads} r ON r."userId" = reader.id AND r."threadId" = t.id
    LEFT JOIN forum_thread_watches tw ON tw."userId" = reader.id AND tw."threadId" = t.id
    LEFT JOIN forum_forum_watches fw ON fw."userId" = reader.id AND fw."forumId" = t."forumId"
    CROSS JOIN LATERAL (SELECT GREATEST(reader.mark, fm."markedAt") AS mark) mk
    CROSS JOIN LATERAL (
      SELECT p.id, p."createdAt" FROM forum_posts p
      WHERE p."threadId" = t.id AND NOT p.hidden AND p."createdAt" > mk.mark AND p."userId" <> reader.id
        AND (r."lastReadPostId" IS NULL OR (p."createdAt", p.id) > (r."lastReadPostAt", r."lastReadPostId"))
      ORDER BY p."createdAt", p.id
      LIMIT 1
    ) first
    -- Known read without looking at its posts: nothing since the mark, or since the last read post.
    WHERE t."latestPostAt" > mk.mark AND (r."lastReadPostAt" IS NULL OR t."latestPostAt" > r."lastReadPostAt")
      AND COALESCE(tw.level, fw.level, 'normal') <> 'muted'`;
}

export type UnreadThreadRow = {
  threadId: number;
  isNew: boolean;
  /** Unread posts, at most UNREAD_COUNT_CAP. */
  unreadCount: number;
  firstUnreadPostId: number;
  /** The page of the thread the first unread post is on, as this reader counts pages (staff count hidden posts). */
  firstUnreadPage: number;
};

/** The unread state of the given threads (those with nothing unread are left out). */
export async function selectUnreadThreads(userId: number, threadIds: number[], staff: boolean): Promise<UnreadThreadRow[]> {
  if (threadIds.length === 0) return [];
  return db.$queryRaw<UnreadThreadRow[]>(unreadThreadsStatement(userId, threadIds, staff));
}

/** The statement of selectUnreadThreads (the benchmark explains it). */
export function unreadThreadsStatement(userId: number, threadIds: number[], staff: boolean): Prisma.Sql {
  // One array parameter, so the text is the same for any page: a prepared statement.
  return Prisma.sql`${PREPARED}
    WITH unread AS (${unreadThreadsSql(userId, Prisma.sql`t.id = ANY(${threadIds}::int[])`)})
    SELECT u."threadId", u."isNew", u."firstId" AS "firstUnreadPostId",
           (SELECT count(*)::int FROM (
              SELECT 1 FROM forum_posts p
              WHERE p."threadId" = u."threadId" AND NOT p.hidden AND p."createdAt" > u.mark AND p."userId" <> ${userId}
                AND (p."createdAt", p.id) >= (u."firstAt", u."firstId")
              LIMIT ${UNREAD_COUNT_CAP}) capped) AS "unreadCount",
           (SELECT count(*)::int FROM forum_posts q
              WHERE q."threadId" = u."threadId" AND (${staff} OR NOT q.hidden) AND (q."createdAt", q.id) < (u."firstAt", u."firstId")
           ) / ${POSTS_PAGE_SIZE} + 1 AS "firstUnreadPage"
    FROM unread u`;
}

export type UnreadForumRow = { forumId: number; newThreads: number; unreadThreads: number };

/** Per forum, how many threads are new and how many unread for the player (forums with neither are left out). */
export function selectUnreadForums(userId: number): Promise<UnreadForumRow[]> {
  return db.$queryRaw<UnreadForumRow[]>(unreadForumsStatement(userId));
}

/** The statement of selectUnreadForums (the benchmark explains it). */
export function unreadForumsStatement(userId: number): Prisma.Sql {
  // The player's read rows, read once into a hash rather than probed once per active thread
  // (half the time with 10,000 active threads). Only rows read since the unread cutoff: an older
  // read point is before every thread's mark, so the thread counts exactly as if never read.
  return Prisma.sql`${PREPARED}
    WITH my_reads AS MATERIALIZED (
      SELECT "userId", "threadId", "lastReadPostId", "lastReadPostAt" FROM forum_thread_reads
      WHERE "userId" = ${userId} AND "lastReadPostAt" >= (now() AT TIME ZONE 'UTC') - make_interval(days => ${UNREAD_CUTOFF_DAYS})
    ),
    unread AS (${unreadThreadsSql(userId, Prisma.sql`TRUE`, Prisma.sql`my_reads`)})
    SELECT u."forumId", (count(*) FILTER (WHERE u."isNew"))::int AS "newThreads", (count(*) FILTER (WHERE NOT u."isNew"))::int AS "unreadThreads"
    FROM unread u GROUP BY u."forumId" ORDER BY u."forumId"`;
}

/**
 * Moves the player's read point of a thread forward to `postId` (a post of that thread), never
 * back: the row changes only when the new post is further, and the conflicting row is locked
 * while that is decided, so requests arriving in any order, at the same moment, leave the
 * furthest. Answers the stored last read post (null when `postId` is no post of the thread).
 */
export async function advanceReadPoint(tx: Tx | typeof db, userId: number, threadId: number, postId: number): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ lastReadPostId: number }[]>`
    INSERT INTO forum_thread_reads AS r ("userId", "threadId", "lastReadPostId", "lastReadPostAt", "updatedAt")
    SELECT ${userId}, p."threadId", p.id, p."createdAt", (now() AT TIME ZONE 'UTC') FROM forum_posts p WHERE p.id = ${postId} AND p."threadId" = ${threadId}
    ON CONFLICT ("userId", "threadId") DO UPDATE SET
      "lastReadPostId" = EXCLUDED."lastReadPostId", "lastReadPostAt" = EXCLUDED."lastReadPostAt", "updatedAt" = EXCLUDED."updatedAt"
      WHERE r."lastReadPostId" < EXCLUDED."lastReadPostId"
    RETURNING r."lastReadPostId"`;
  if (row) return row.lastReadPostId;
  // Nothing written: the stored point is already at or past this post (or there is no such post).
  const [kept] = await tx.$queryRaw<{ lastReadPostId: number }[]>`
    SELECT "lastReadPostId" FROM forum_thread_reads WHERE "userId" = ${userId} AND "threadId" = ${threadId}`;
  return kept?.lastReadPostId ?? null;
}

/**
 * "Mark all read": every forum (the player's row), or one forum. Posts dated at or before now
 * count as read (clock_timestamp, the clock replies are dated by).
 */
export async function markForumsRead(tx: Tx | typeof db, userId: number, forumId: number | null): Promise<void> {
  if (forumId === null) {
    await tx.$executeRaw`UPDATE users SET "forumsReadAt" = (clock_timestamp() AT TIME ZONE 'UTC') WHERE id = ${userId}`;
    return;
  }
  await tx.$executeRaw`
    INSERT INTO forum_read_marks ("userId", "forumId", "markedAt") VALUES (${userId}, ${forumId}, (clock_timestamp() AT TIME ZONE 'UTC'))
    ON CONFLICT ("userId", "forumId") DO UPDATE SET "markedAt" = GREATEST(forum_read_marks."markedAt", EXCLUDED."markedAt")`;
}
