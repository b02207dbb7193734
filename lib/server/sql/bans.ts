import "server-only";
import { Prisma } from "../db";

// The query twins of isBanned (lib/bans.ts): a ban is in force while it is set and either
// permanent or not ended yet. A temporary ban whose end has passed no longer counts, even before
// the lift-ban job has cleared the columns, so a query that asks "is this player banned" uses
// one of these and never reads the stored column itself (a lint rule in eslint.config.mjs).

/** SQL: true while the `users` row in the query is banned now (its ban set, and permanent or not ended). */
export const BANNED_NOW = Prisma.sql`("bannedAt" IS NOT NULL AND ("bannedUntil" IS NULL OR "bannedUntil" > now()))`;

/** A Prisma filter on users: not banned at `now` (never banned, or the ban's end has passed). */
export function notBannedAt(now: Date): Prisma.UserWhereInput {
  return { OR: [{ bannedAt: null }, { bannedUntil: { lte: now } }] };
}
