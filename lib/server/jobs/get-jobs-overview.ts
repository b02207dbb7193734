import "server-only";
import { parseCrontab } from "graphile-worker";
import { FAILED_JOBS_SHOWN, type TJobsOverview, type TScheduledTask, type TTaskQueue } from "@/lib/schemas/staff-jobs";
import { db } from "../db";
import { type JobRow, toFailedJob } from "./job-dto";
import { crontab } from "./task-list";
import { MAX_ATTEMPTS } from "./task-types";

// GET /api/v1/staff/jobs and the /staff/jobs page: how many jobs each task has in the queue (by
// state), the failed ones with their last error, and each scheduled task with its last run.
// Read-only SQL on graphile-worker's view and its crontab bookkeeping table (docs/jobs.md).

type QueueRow = Omit<TTaskQueue, "task"> & { task: string };

export async function getJobsOverview(): Promise<TJobsOverview> {
  // The states are disjoint: a locked job is running; an unlocked one has failed (no attempts
  // left), is retrying (some used), or has not run yet (due now, or later).
  const [counts, failed, runs] = await Promise.all([
    db.$queryRaw<QueueRow[]>`
      SELECT task_identifier AS task,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts = 0 AND run_at <= now())::int AS waiting,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts = 0 AND run_at > now())::int AS scheduled,
        count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts > 0 AND attempts < max_attempts)::int AS retrying,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed
      FROM graphile_worker.jobs GROUP BY task_identifier`,
    db.$queryRaw<JobRow[]>`
      SELECT id::text, task_identifier AS task, attempts, max_attempts, last_error, created_at, updated_at, locked_at
      FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts >= max_attempts
      ORDER BY updated_at DESC, id DESC LIMIT ${FAILED_JOBS_SHOWN}`,
    db.$queryRaw<{ identifier: string; last_execution: Date | null }[]>`SELECT identifier, last_execution FROM graphile_worker._private_known_crontabs`,
  ]);

  // Every task this site runs, with zeros when it has nothing queued; then any other task still in the queue.
  const byTask = new Map(counts.map((c) => [c.task, c]));
  const names = [...new Set([...Object.keys(MAX_ATTEMPTS), ...byTask.keys()])].sort();
  const queues = names.map((task) => byTask.get(task) ?? { task, waiting: 0, scheduled: 0, running: 0, retrying: 0, failed: 0 });

  const lastRun = new Map(runs.map((r) => [r.identifier, r.last_execution]));
  return { queues, failed: failed.map(toFailedJob), schedules: scheduledTasks(crontab, lastRun) };
}

/** Each crontab line with graphile-worker's own reading of its identifier and task. */
function scheduledTasks(tab: string, lastRun: Map<string, Date | null>): TScheduledTask[] {
  return tab
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [item] = parseCrontab(line);
      return { identifier: item!.identifier, task: item!.task, schedule: line.split(/\s+/).slice(0, 5).join(" "), lastRun: lastRun.get(item!.identifier)?.toISOString() ?? null };
    });
}
