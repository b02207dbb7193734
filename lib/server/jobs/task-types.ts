import "server-only";

// Every task's name and payload. enqueue() is typed from this, and the task list must cover it.
// Kept free of task code so use cases can enqueue without importing the tasks (no cycles).

export type JobPayloads = {
  /** Sends one recorded MailMessage over SMTP. */
  "send-mail": { mailId: number };
  /** Issues a password reset link and queues its mail (off the request, see requestPasswordReset). */
  "send-reset-link": { userId: number };
  /** Issues a new email confirmation link and queues its mail. */
  "send-confirmation-link": { userId: number };
  /** Tells an account's owner that someone tried to register with their email. */
  "tell-email-owner": { userId: number };
  /** Deletes expired rate-limit counters, spent tokens and long-ended sessions (crontab). */
  "sweep-expired-rows": Record<string, unknown>;
  /** Recomputes the vote statistics shown on /vote (crontab, every five minutes). */
  "refresh-vote-metrics": Record<string, unknown>;
  /** Puts game deliveries whose lease ran out without an ack back in the queue (crontab). */
  "release-expired-leases": Record<string, unknown>;
  /** Closes unpaid checkouts past CHECKOUT_EXPIRY_MINUTES (crontab). */
  "expire-checkouts": Record<string, unknown>;
  /** Rebuilds the rank anchors of one ladder (after pushes), or of every stale ladder (crontab). */
  // Empty: the loop refreshes every changed ladder (a ladder named by an older job is ignored).
  "refresh-hiscores": { gameMode?: string; xpMode?: string };
  /** Posts a new news post to the Discord webhook (DISCORD_NEWS_WEBHOOK_URL). */
  "announce-news": { newsId: number };
  /** Ends a temporary ban at its end, if it still stands (queued by the ban, runAt = its end). */
  "lift-ban": { userId: number };
  /** Ends a temporary mute at its end, if it still stands (queued by the mute, runAt = its end). */
  "lift-mute": { userId: number };
  /** Records the players online now into the dashboard's history and deletes samples past 90 days (crontab). */
  "sample-players-online": Record<string, unknown>;
  /** Takes expired links out of stored mail and deletes sent mail past 30 days (crontab). */
  "sweep-sent-mail": Record<string, unknown>;
  /** Rebuilds the top gainers of every period and takes finished hours into the records (crontab, every five minutes). */
  "refresh-gains": Record<string, unknown>;
  /** Creates the history's month partitions ahead and merges hourly history past its retention into days (crontab, daily). */
  "progress-upkeep": Record<string, unknown>;
  /** Freezes a competition's places and queues its prizes (runAt = its end + a grace; docs/competitions.md). */
  "competition-end": { competitionId: number };
  /** Posts one announcement of a competition to DISCORD_COMPETITIONS_WEBHOOK_URL; `version` is the competition's when queued. */
  "competition-announce": { competitionId: number; announcement: string; version: number };
  /** Makes next week's competition of every schedule, and queues the end of any competition overdue (crontab, hourly). */
  "competition-schedules": Record<string, unknown>;
  /** Mails one notification still unread after NOTIFICATION_EMAIL_DELAY_SECONDS (docs/notifications.md). */
  "email-notification": { notificationId: number };
  /** Keeps each player's newest notifications up to the cap and drops old dedupe keys (crontab, hourly). */
  "prune-notifications": Record<string, unknown>;
  /** Tells every player watching a new post's thread (or its forum), in batches (docs/forums.md, "Watching"). */
  "notify-watchers": { postId: number };
  /** Queues the week's digest jobs for the players not seen on the site that week (crontab, Mondays; docs/notifications.md). */
  "queue-weekly-digests": Record<string, unknown>;
  /** Mails the weekly digest of each player of the batch, once per ISO week (`week`: "2026-W48"; `since`: ISO 8601). */
  "send-weekly-digests": { week: string; since: string; userIds: number[] };
  /** The one mail to a ticket's player for staff replies and a close within TICKET_MAIL_DELAY_SECONDS (job key per ticket; docs/support-desk.md). */
  "ticket-player-mail": { ticketId: number };
  /** Closes tickets that waited TICKET_AUTO_CLOSE_DAYS for the player, with a mail and a notification (crontab, hourly). */
  "close-idle-tickets": Record<string, unknown>;
  /** Reminds players whose vote streak is alive but who have not voted today, in the day's last hours (crontab, hourly). */
  "remind-vote-streaks": Record<string, unknown>;
  /** Awards last month's top voters their prizes, once per month and place (crontab, hourly; the first run after the month's turn). */
  "award-vote-monthly-prizes": Record<string, unknown>;
};

export type TaskName = keyof JobPayloads;

/**
 * Attempts before a job is left failed. graphile-worker waits exp(min(attempt, 10)) seconds
 * before each retry: 3 s, 7 s, 20 s, 55 s, 2.5 min, 7 min, 18 min, 50 min, 2.3 h, then 6 h each.
 */
export const MAX_ATTEMPTS: Record<TaskName, number> = {
  "send-mail": 10, // ~3.5 h of retries: outlasts an SMTP outage or a restart
  "send-reset-link": 5,
  "send-confirmation-link": 5,
  "tell-email-owner": 5,
  "sweep-expired-rows": 3, // the next scheduled run sweeps anyway
  "refresh-vote-metrics": 2, // the next tick five minutes later recomputes anyway
  "release-expired-leases": 1, // runs every minute; claims take expired leases anyway
  "expire-checkouts": 3, // runs every 5 minutes; a missed run is done by the next
  "refresh-hiscores": 3, // each run queues the next first; the crontab restarts a stopped loop
  "announce-news": 8, // ~1.5 h of retries: outlasts a Discord outage; after that the news is old
  "lift-ban": 10, // a player waits for it: keep retrying through a database hiccup (~3.5 h)
  "lift-mute": 10, // as lift-ban (the mute check reads its end anyway; this tells the game and the history)
  "sample-players-online": 1, // no retry: the next tick, five minutes later, takes the next sample anyway
  "sweep-sent-mail": 3, // the next hourly run sweeps anyway
  "refresh-gains": 1, // the next tick, five minutes later, rebuilds everything anyway
  "progress-upkeep": 5, // a day's partition must exist before its month: retry through a hiccup
  "competition-end": 10, // players wait for their prizes: keep retrying through a database hiccup (~3.5 h); the hourly job queues it again
  "competition-announce": 8, // like announce-news: outlasts a Discord outage; past its moment the job checks and says nothing
  "competition-schedules": 3, // the next hourly run makes what this one missed
  "email-notification": 5, // the mail itself is the send-mail job's (10 attempts); this only decides and queues it
  "prune-notifications": 3, // the next hourly run prunes anyway
  "notify-watchers": 8, // ~1.5 h of retries; a repeated batch makes nothing twice (dedupe keys), and past that the news is old
  "queue-weekly-digests": 5, // a missed week is not made up: retry through a hiccup (~3 min)
  "send-weekly-digests": 5, // each player's digest is claimed once per week, so a retry sends only the rest
  "ticket-player-mail": 10, // like send-mail: the player waits for it; the marks make a retry mail nothing twice
  "close-idle-tickets": 3, // the next hourly run closes what this one missed
  "remind-vote-streaks": 3, // the next hourly run reminds whom this one missed (each player once a day)
  "award-vote-monthly-prizes": 5, // the next hourly run awards what this one could not (each place once)
};
