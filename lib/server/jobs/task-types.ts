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
  "sample-players-online": 1, // no retry: the next tick, five minutes later, takes the next sample anyway
  "sweep-sent-mail": 3, // the next hourly run sweeps anyway
  "refresh-gains": 1, // the next tick, five minutes later, rebuilds everything anyway
  "progress-upkeep": 5, // a day's partition must exist before its month: retry through a hiccup
  "competition-end": 10, // players wait for their prizes: keep retrying through a database hiccup (~3.5 h); the hourly job queues it again
  "competition-announce": 8, // like announce-news: outlasts a Discord outage; past its moment the job checks and says nothing
  "competition-schedules": 3, // the next hourly run makes what this one missed
};
