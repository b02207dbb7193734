import "server-only";
import type { JobHelpers, TaskList } from "graphile-worker";
import { getEnv } from "../env";
import type { JobPayloads, TaskName } from "../jobs/task-types";
import { announceNewsTask } from "../news/announce-news-task";
import { liftBanTask } from "../accounts/lift-ban-task";
import { liftMuteTask } from "../punishments/lift-mute-task";
import { refreshVoteMetricsTask } from "../votes/refresh-vote-metrics-task";
import { awardMonthlyPrizesTask } from "../votes/award-monthly-prizes";
import { remindVoteStreaksTask } from "../votes/remind-vote-streaks";
import { releaseExpiredLeasesTask } from "../game/release-expired-leases-task";
import { expireCheckoutsTask } from "../payments/expire-checkouts-task";
import { refreshHiscoresTask } from "../hiscores/refresh-hiscores-task";
import { samplePlayersOnlineTask } from "../game/sample-players-online-task";
import { sendConfirmationLinkTask } from "../accounts/send-confirmation-link-task";
import { sendMailTask } from "../mail/send-mail-task";
import { sendResetLinkTask } from "../accounts/send-reset-link-task";
import { sweepExpiredRowsTask } from "../sessions/sweep-expired-rows";
import { sweepSentMailTask } from "../mail/sweep-sent-mail";
import { progressUpkeepTask } from "../progress/progress-upkeep-task";
import { refreshGainsTask } from "../progress/refresh-gains-task";
import { tellEmailOwnerTask } from "../accounts/tell-email-owner-task";
import { announceCompetitionTask } from "../competitions/announce-competition-task";
import { endCompetitionTask } from "../competitions/end-competition-task";
import { makeScheduledCompetitionsTask } from "../competitions/make-scheduled-competitions-task";
import { emailNotificationTask } from "../notifications/email-notification-task";
import { pruneNotificationsTask } from "../notifications/prune-notifications-task";
import { notifyWatchersTask } from "../forums/notify-watchers-task";
import { queueWeeklyDigestsTask, sendWeeklyDigestsTask } from "../digest/weekly-digest-tasks";
import { closeIdleTicketsTask } from "../tickets/close-idle-tickets";
import { ticketPlayerMailTask } from "../tickets/ticket-mail";

type Tasks = { [T in TaskName]: (payload: JobPayloads[T], helpers: JobHelpers) => Promise<void> };

// Payloads come from our own enqueue() (typed), so they are trusted as their declared type.
const tasks: Tasks = {
  "send-mail": sendMailTask,
  "send-reset-link": sendResetLinkTask,
  "send-confirmation-link": sendConfirmationLinkTask,
  "sweep-expired-rows": sweepExpiredRowsTask,
  "tell-email-owner": tellEmailOwnerTask,
  "refresh-vote-metrics": refreshVoteMetricsTask,
  "release-expired-leases": releaseExpiredLeasesTask,
  "expire-checkouts": expireCheckoutsTask,
  "refresh-hiscores": refreshHiscoresTask,
  "announce-news": announceNewsTask,
  "lift-ban": liftBanTask,
  "lift-mute": liftMuteTask,
  "sample-players-online": samplePlayersOnlineTask,
  "sweep-sent-mail": sweepSentMailTask,
  "refresh-gains": refreshGainsTask,
  "progress-upkeep": progressUpkeepTask,
  "competition-end": endCompetitionTask,
  "competition-announce": announceCompetitionTask,
  "competition-schedules": makeScheduledCompetitionsTask,
  "email-notification": emailNotificationTask,
  "prune-notifications": pruneNotificationsTask,
  "notify-watchers": notifyWatchersTask,
  "queue-weekly-digests": queueWeeklyDigestsTask,
  "send-weekly-digests": sendWeeklyDigestsTask,
  "ticket-player-mail": ticketPlayerMailTask,
  "close-idle-tickets": closeIdleTicketsTask,
  "remind-vote-streaks": remindVoteStreaksTask,
  "award-vote-monthly-prizes": awardMonthlyPrizesTask,
};

export const taskList = tasks as unknown as TaskList;

/**
 * Scheduled jobs (graphile-worker crontab syntax, UTC). Every runner reads it; graphile-worker
 * queues each tick once however many runners there are.
 */
export const crontab = [
  // Rate-limit counters, spent tokens and long-ended sessions; at most one pending sweep.
  "*/10 * * * * sweep-expired-rows ?max=3&jobKey=sweep-expired-rows",
  // Vote statistics (docs/product.md §9: every five minutes); at most one pending refresh.
  "*/5 * * * * refresh-vote-metrics ?max=2&jobKey=refresh-vote-metrics",
  // Game deliveries whose lease ran out go back to pending; one pending run at most.
  "* * * * * release-expired-leases ?max=1&jobKey=release-expired-leases",
  // Starts the hiscores refresh loop (refresh-hiscores-task.ts), and restarts it should it stop; a
  // pending run keeps its time (the loop's own key), so a running loop is left as it is.
  "* * * * * refresh-hiscores ?max=1&jobKey=refresh-hiscores&jobKeyMode=preserve_run_at",
  // Unpaid checkouts past CHECKOUT_EXPIRY_MINUTES closed as expired (docs/payments.md); one pending run at most.
  "*/5 * * * * expire-checkouts ?max=3&jobKey=expire-checkouts",
  // Players online into the staff dashboard's history (and samples past 90 days out); one pending run at most.
  "*/5 * * * * sample-players-online ?max=1&jobKey=sample-players-online",
  // Expired links out of stored mail, sent mail past 30 days deleted; one pending run at most.
  "17 * * * * sweep-sent-mail ?max=3&jobKey=sweep-sent-mail",
  // Top gainers of every period and the records of finished hours (docs/progress.md); one pending run at most.
  "*/5 * * * * refresh-gains ?max=1&jobKey=refresh-gains",
  // History partitions ahead and old hourly history merged into days; one pending run at most.
  "23 4 * * * progress-upkeep ?max=5&jobKey=progress-upkeep",
  // Next week's competition of each schedule (made once however many runs meet) and lost end jobs queued again; one pending run at most.
  "7 * * * * competition-schedules ?max=3&jobKey=competition-schedules",
  // Each player's notifications past the cap (the oldest) and dedupe keys past 90 days; one pending run at most.
  "41 * * * * prune-notifications ?max=3&jobKey=prune-notifications",
  // The weekly digest for players not seen on the site that week (docs/notifications.md), Mondays 09:00 UTC (a tick missed while no runner was up is made up within a day); one pending run at most.
  "0 9 * * 1 queue-weekly-digests ?fill=1d&max=5&jobKey=queue-weekly-digests",
  // Tickets that waited TICKET_AUTO_CLOSE_DAYS for the player closed, with a mail (docs/support-desk.md); one pending run at most.
  "29 * * * * close-idle-tickets ?max=3&jobKey=close-idle-tickets",
  // Vote streak reminders in the last hours of the day in the server's time zone (each player once a day); one pending run at most.
  "13 * * * * remind-vote-streaks ?max=3&jobKey=remind-vote-streaks",
  // Last month's top voters' prizes, the first run after the month's turn in the server's time zone (each place once); one pending run at most.
  "3 * * * * award-vote-monthly-prizes ?max=5&jobKey=award-vote-monthly-prizes",
].join("\n");

/**
 * The crontab the runners use: `crontab`, or with JOBS_CRON_EVERY_MINUTE (tests only) the same
 * entries each firing every minute (identifier, options and job key unchanged).
 */
export function activeCrontab(): string {
  if (!getEnv().JOBS_CRON_EVERY_MINUTE) return crontab;
  return crontab
    .split("\n")
    .map((line) => line.replace(/^\s*(\S+\s+){5}/, "* * * * * "))
    .join("\n");
}
