import { formatLongDateTime } from "./format/dates";

// Bans. A ban is permanent, or temporary with an end ("bannedUntil"). Every check
// (site login, token refresh, game login, each request's actor, the ::store link, reset and
// confirmation mails, vote callbacks, hiscore pushes) asks isBanned, or in a query its twins in
// lib/server/sql/bans.ts, so a temporary ban is over the moment its end passes, even before the
// lift-ban job has cleared it. The lint rule bans/one-meaning (eslint.config.mjs) refuses any
// other check on the stored column. Pure.

export type BanFields = { bannedAt: Date | null; bannedUntil: Date | null; banReason?: string | null };

/** True while a ban is in force at `now`: banned, and either permanent or not ended yet. */
export function isBanned(user: BanFields, now: Date = new Date()): boolean {
  return user.bannedAt !== null && (user.bannedUntil === null || user.bannedUntil > now);
}

/** What a banned player is told when refused (login, token refresh): the reason, and the end of a temporary ban. */
/** How every ban refusal begins: the login form recognises it to offer the appeal page. */
export const BAN_MESSAGE_START = "This account has been banned";

export function banMessage(user: BanFields): string {
  const reason = user.banReason?.trim() || "no reason given";
  const until = user.bannedUntil ? ` until ${formatLongDateTime(user.bannedUntil)} (UTC)` : "";
  return `${BAN_MESSAGE_START}${until}: ${reason}${/[.!?]$/.test(reason) ? "" : "."}`;
}
