import "server-only";
import type { JobHelpers, TaskList } from "graphile-worker";
import type { JobPayloads, TaskName } from "./task-types";
import { announceNewsTask } from "./tasks/announce-news";
import { liftBanTask } from "./tasks/lift-ban";
import { refreshVoteMetricsTask } from "./tasks/refresh-vote-metrics";
import { releaseExpiredLeasesTask } from "./tasks/release-expired-leases";
import { refreshHiscoresTask } from "./tasks/refresh-hiscores";
import { samplePlayersOnlineTask } from "./tasks/sample-players-online";
import { sendConfirmationLinkTask } from "./tasks/send-confirmation-link";
import { sendMailTask } from "./tasks/send-mail";
import { sendResetLinkTask } from "./tasks/send-reset-link";
import { sweepExpiredRowsTask } from "./tasks/sweep-expired-rows";
import { tellEmailOwnerTask } from "./tasks/tell-email-owner";

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
  "refresh-hiscores": refreshHiscoresTask,
  "announce-news": announceNewsTask,
  "lift-ban": liftBanTask,
  "sample-players-online": samplePlayersOnlineTask,
};

export const taskList = tasks as unknown as TaskList;

/**
 * Scheduled jobs (graphile-worker crontab syntax, UTC). Every runner reads it; graphile-worker
 * queues each tick once however many runners there are.
 */
export const crontab = [
  // Rate-limit counters, spent tokens and long-ended sessions; at most one pending sweep.
  "*/10 * * * * sweep-expired-rows ?max=3&jobKey=sweep-expired-rows",
  // Vote statistics (spec §9: every five minutes); at most one pending refresh.
  "*/5 * * * * refresh-vote-metrics ?max=2&jobKey=refresh-vote-metrics",
  // Game deliveries whose lease ran out go back to pending; one pending run at most.
  "* * * * * release-expired-leases ?max=1&jobKey=release-expired-leases",
  // Safety net for hiscore ladders left stale (a refresh that failed its attempts).
  "*/5 * * * * refresh-hiscores ?max=3&jobKey=refresh-hiscores-stale",
  // Players online into the staff dashboard's history (and samples past 90 days out); one pending run at most.
  "*/5 * * * * sample-players-online ?max=1&jobKey=sample-players-online",
].join("\n");
