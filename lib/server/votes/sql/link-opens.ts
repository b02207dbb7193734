import "server-only";
import { db } from "../../db";

/** One vote-link open, skipped when the player opened the same site's link after `recent` (one statement). */
export function insertLinkOpen(o: { userId: number; siteId: number; at: Date; ip: string | null; recent: Date }): Promise<number> {
  return db.$executeRaw`
    INSERT INTO vote_link_opens ("userId", "siteId", "openedAt", ip)
    SELECT ${o.userId}, ${o.siteId}, ${o.at}, ${o.ip}
    WHERE NOT EXISTS (SELECT 1 FROM vote_link_opens WHERE "userId" = ${o.userId} AND "siteId" = ${o.siteId} AND "openedAt" > ${o.recent})`;
}
