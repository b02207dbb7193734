import "server-only";
import { siteConfig } from "@/lib/site-config";
import { db } from "../db";
import { log } from "../log";

/** Ended sessions and expired API logins are kept this long (support, "was that me?"), then deleted. */
export const ENDED_RETENTION_DAYS = 30;
/** Used or expired emailed tokens are kept a day: after that they can only answer "invalid link", as a missing row does. */
export const SPENT_TOKEN_RETENTION_DAYS = 1;

/**
 * Deletes rows that can no longer change any answer. An expired rate-limit counter behaves
 * exactly like a missing one (the next hit starts again at 1); a spent or expired token, an
 * ended session or an expired refresh-token family is refused just as a missing one is. A
 * vote-link open past its retention is older than any window the vote fraud signals read.
 */
export async function sweepExpiredRows(now = new Date()): Promise<Record<string, number>> {
  const day = 24 * 60 * 60 * 1000;
  const ended = new Date(now.getTime() - ENDED_RETENTION_DAYS * day);
  const spent = new Date(now.getTime() - SPENT_TOKEN_RETENTION_DAYS * day);
  const opensBefore = new Date(now.getTime() - siteConfig.voteFraud.linkOpenRetentionDays * day);
  const [rateLimits, emailTokens, sessions, refreshFamilies, voteLinkOpens] = await db.$transaction([
    db.rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } }),
    db.emailToken.deleteMany({ where: { OR: [{ usedAt: { lt: spent } }, { expiresAt: { lt: spent } }] } }),
    db.session.deleteMany({ where: { OR: [{ revokedAt: { lt: ended } }, { idleExpiresAt: { lt: ended } }, { absoluteExpiresAt: { lt: ended } }] } }),
    db.refreshTokenFamily.deleteMany({ where: { expiresAt: { lt: ended } } }),
    db.voteLinkOpen.deleteMany({ where: { openedAt: { lt: opensBefore } } }),
  ]);
  const counts = {
    rateLimits: rateLimits.count,
    emailTokens: emailTokens.count,
    sessions: sessions.count,
    refreshFamilies: refreshFamilies.count,
    voteLinkOpens: voteLinkOpens.count,
  };
  log.info("jobs.swept_expired_rows", counts);
  return counts;
}

export async function sweepExpiredRowsTask(): Promise<void> {
  await sweepExpiredRows();
}
