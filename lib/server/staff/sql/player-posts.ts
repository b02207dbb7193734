import "server-only";
import { db } from "../../db";

/** One of a player's posts, with its thread's title and how many posts of the thread come before it. */
export type PlayerPostRow = { id: number; threadId: number; title: string; createdAt: Date; hidden: boolean; before: number };

/**
 * A page of the player's forum posts, hidden ones included, newest first; `before` counts every
 * earlier post of the thread, hidden ones too (as staff pages show them).
 */
export function listPlayerPostRows(userId: number, limit: number, offset: number): Promise<PlayerPostRow[]> {
  return db.$queryRaw<PlayerPostRow[]>`
      SELECT p.id, p."threadId", t.title, p."createdAt", p.hidden,
        (SELECT count(*) FROM forum_posts e WHERE e."threadId" = p."threadId" AND (e."createdAt", e.id) < (p."createdAt", p.id))::int AS before
      FROM forum_posts p JOIN forum_threads t ON t.id = p."threadId"
      WHERE p."userId" = ${userId}
      ORDER BY p.id DESC
      LIMIT ${limit} OFFSET ${offset}`;
}
