import "server-only";
import { db, Prisma } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

export type UserSearchRow = { id: number; username: string };

/**
 * Active, unbanned players whose username key starts with `key` (letters and digits only, so no
 * LIKE wildcard), shortest keys first, then alphabetical; at most `limit`.
 */
export function selectUsersByKeyPrefix(key: string, limit: number): Promise<UserSearchRow[]> {
  return db.$queryRaw<UserSearchRow[]>(Prisma.sql`
    SELECT id, username FROM users
    WHERE "usernameKey" LIKE ${`${key}%`} AND "isActive" AND NOT ${BANNED_NOW}
    ORDER BY length("usernameKey"), "usernameKey"
    LIMIT ${limit}`);
}
