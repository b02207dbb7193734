import "server-only";
import { isNotificationType, isoWeek, type NotificationData, notificationText, WEEKLY_DIGEST } from "@/lib/notifications";
import { db, type Prisma } from "../db";
import { visibleThreads } from "../forums/forum-dto";
import { enqueue } from "../jobs/enqueue";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { seenOnSiteSince } from "../notifications/seen-on-site";
import { claimNotificationKey } from "../notifications/sql/notifications";
import { unsubscribeLinks } from "../notifications/unsubscribe";
import { notBannedAt } from "../sql/bans";

// The weekly digest (docs/notifications.md, "Weekly digest"), Discourse's activity summary: once a
// week, a player who did not visit the site that week is mailed their unread notifications of the
// week and the week's most active new threads. The crontab's `queue-weekly-digests` picks the
// players and queues `send-weekly-digests` jobs of up to DIGEST_BATCH players each; each player's
// mail is decided and queued on its own.
//
// Exactly once per player and ISO week: the mail is queued in the transaction that claims the
// key `weekly_digest:<week>` in notification_keys (its primary key). A retried job, a second run
// of the crontab task or two runners at once claim the same key: the second waits for the first
// transaction, finds the key taken and sends nothing.

export const DIGEST_DAYS = 7;
/** Players per send job. */
export const DIGEST_BATCH = 100;
/** Lines of notifications and of threads in one digest. */
export const DIGEST_NOTIFICATIONS = 10;
export const DIGEST_THREADS = 5;
/** A player who has not signed in for this long gets no digest (Discourse: suppress_digest_email_after_days). */
export const DIGEST_SUPPRESS_DAYS = 365;

const DAY = 86_400_000;

/** Who may get a digest at all: asked for it, a usable account with an address, signed in within the year. */
function eligible(now: Date): Prisma.UserWhereInput {
  const yearAgo = new Date(now.getTime() - DIGEST_SUPPRESS_DAYS * DAY);
  return {
    weeklyDigest: true,
    isActive: true,
    deletedAt: null,
    email: { not: "" },
    AND: [notBannedAt(now), { OR: [{ lastLoginAt: { gte: yearAgo } }, { lastLoginAt: null, createdAt: { gte: yearAgo } }] }],
  };
}

export type DigestRun = { week: string; since: string };

/** The crontab's task: queues the week's send jobs for every eligible player not seen on the site since `since`. Returns how many players. */
export async function queueWeeklyDigests(now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - DIGEST_DAYS * DAY);
  const run: DigestRun = { week: isoWeek(now), since: since.toISOString() };
  let after = 0;
  let players = 0;
  for (;;) {
    const rows = await db.user.findMany({
      where: {
        id: { gt: after },
        ...eligible(now),
        // A cheap first cut; each send asks again (the player may visit before their job runs).
        sessions: { none: { lastSeenAt: { gt: since } } },
        refreshFamilies: { none: { lastUsedAt: { gt: since } } },
      },
      orderBy: { id: "asc" },
      take: DIGEST_BATCH,
      select: { id: true },
    });
    if (rows.length === 0) return players;
    const userIds = rows.map((r) => r.id);
    // The key keeps one pending job per batch if the task runs twice before its jobs do.
    await enqueue("send-weekly-digests", { ...run, userIds }, { jobKey: `send-weekly-digests:${run.week}:${userIds[0]}` });
    players += userIds.length;
    after = userIds.at(-1)!;
  }
}

export type DigestOutcome = "sent" | "skipped" | "duplicate";

/** Decides and queues one player's digest for `run` (at most once per week, whatever runs at once). */
export async function sendWeeklyDigest(userId: number, run: DigestRun, now = new Date()): Promise<DigestOutcome> {
  const since = new Date(run.since);
  const user = await db.user.findFirst({ where: { id: userId, ...eligible(now) }, select: { username: true, email: true } });
  if (!user || (await seenOnSiteSince(userId, since))) return "skipped";

  const unreadOfWeek = { userId, readAt: null, updatedAt: { gt: since } } satisfies Prisma.NotificationWhereInput;
  const [unread, latest, threads] = await Promise.all([
    db.notification.count({ where: unreadOfWeek }),
    db.notification.findMany({
      where: unreadOfWeek,
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take: DIGEST_NOTIFICATIONS,
      select: { type: true, data: true, count: true, link: true },
    }),
    // The week's new threads every player may read, the liveliest first; not the player's own.
    db.forumThread.findMany({
      where: { ...visibleThreads(null), createdAt: { gt: since }, userId: { not: userId } },
      orderBy: [{ postCount: "desc" }, { latestPostAt: "desc" }, { id: "desc" }],
      take: DIGEST_THREADS,
      select: { id: true, title: true, postCount: true },
    }),
  ]);
  // Nothing to tell: no mail (and the week stays unclaimed).
  if (unread === 0 && threads.length === 0) return "skipped";

  const content = mailTemplates.weeklyDigest(
    user.username,
    {
      unread,
      notifications: latest.flatMap((n) =>
        isNotificationType(n.type) ? [{ text: notificationText(n.type, n.data as NotificationData, n.count), url: siteLink(n.link) }] : [],
      ),
      threads: threads.map((t) => ({
        text: `${t.title} (${t.postCount === 1 ? "1 post" : `${t.postCount} posts`})`,
        url: siteLink(`/forums/thread/${t.id}`),
      })),
      notificationsUrl: siteLink("/account/notifications"),
    },
    unsubscribeLinks(userId, WEEKLY_DIGEST),
  );
  return db.$transaction(async (tx) => {
    if (!(await claimNotificationKey(tx, userId, `${WEEKLY_DIGEST}:${run.week}`))) return "duplicate";
    await queueMail(user.email, content, { tx });
    return "sent";
  });
}

/** One send job: each player of the batch on their own (a retry finds the ones already sent claimed). */
export async function sendWeeklyDigests(run: DigestRun & { userIds: number[] }): Promise<Record<DigestOutcome, number>> {
  const outcomes: Record<DigestOutcome, number> = { sent: 0, skipped: 0, duplicate: 0 };
  for (const userId of run.userIds) outcomes[await sendWeeklyDigest(userId, run)]++;
  return outcomes;
}
