import "server-only";
import { db } from "../db";

// "Was the player on the site since …?", for the mails that are only for a player who was not:
// a notification's delayed mail and the weekly digest (docs/notifications.md). No column of its
// own: a browser session's lastSeenAt (touched at most once a minute by each request) and an API
// login's lastUsedAt already say it, and ended sessions are kept 30 days (sweep-expired-rows), so
// a week's visits are all still there.

/** True when a browser session of the player was seen, or an API login of theirs used, after `since`. */
export async function seenOnSiteSince(userId: number, since: Date): Promise<boolean> {
  const [session, api] = await Promise.all([
    db.session.findFirst({ where: { userId, lastSeenAt: { gt: since } }, select: { id: true } }),
    db.refreshTokenFamily.findFirst({ where: { userId, lastUsedAt: { gt: since } }, select: { id: true } }),
  ]);
  return session !== null || api !== null;
}
