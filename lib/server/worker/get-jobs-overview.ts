import "server-only";
import { parseCrontab } from "graphile-worker";
import { FAILED_JOBS_SHOWN, type TJobsOverview, type TScheduledTask } from "@/lib/schemas/staff-jobs";
import { toFailedJob } from "./job-dto";
import { listFailedJobs } from "./sql/failed-jobs";
import { countJobsByTask, listCrontabRuns } from "./sql/job-queue";
import { activeCrontab } from "./task-list";
import { MAX_ATTEMPTS } from "../jobs/task-types";

// GET /api/v1/staff/jobs and the /staff/jobs page: how many jobs each task has in the queue (by
// state), the failed ones with their last error, and each scheduled task with its last run.
// Read-only SQL on graphile-worker's view and its crontab bookkeeping table (docs/jobs.md).

export async function getJobsOverview(): Promise<TJobsOverview> {
  // The states are disjoint: running, failed, retrying, or not run yet (sql/job-queue.ts).
  const [counts, failed, runs] = await Promise.all([countJobsByTask(), listFailedJobs(FAILED_JOBS_SHOWN), listCrontabRuns()]);

  // Every task this site runs, with zeros when it has nothing queued; then any other task still in the queue.
  const byTask = new Map(counts.map((c) => [c.task, c]));
  const names = [...new Set([...Object.keys(MAX_ATTEMPTS), ...byTask.keys()])].sort();
  const queues = names.map((task) => byTask.get(task) ?? { task, waiting: 0, scheduled: 0, running: 0, retrying: 0, failed: 0 });

  const lastRun = new Map(runs.map((r) => [r.identifier, r.last_execution]));
  return { queues, failed: failed.map(toFailedJob), schedules: scheduledTasks(activeCrontab(), lastRun) };
}

/** Each crontab line with graphile-worker's own reading of its identifier and task. */
function scheduledTasks(tab: string, lastRun: Map<string, Date | null>): TScheduledTask[] {
  return tab
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [item] = parseCrontab(line);
      return {
        identifier: item!.identifier,
        task: item!.task,
        schedule: line.split(/\s+/).slice(0, 5).join(" "),
        lastRun: lastRun.get(item!.identifier)?.toISOString() ?? null,
      };
    });
}
