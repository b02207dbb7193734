import "server-only";
import { db } from "../../db";

// Read-only SQL on graphile-worker's view and its crontab bookkeeping table (docs/jobs.md).

/** How many jobs of one task are in each state. */
export type TaskQueueRow = { task: string; waiting: number; scheduled: number; running: number; retrying: number; failed: number };

/**
 * The jobs of each task with any in the queue, counted by state. The states are disjoint: a
 * locked job is running; an unlocked one has failed (no attempts left), is retrying (some used),
 * or has not run yet (due now, or later).
 */
export function countJobsByTask(): Promise<TaskQueueRow[]> {
  return db.$queryRaw<TaskQueueRow[]>`
      SELECT task_identifier AS task,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts = 0 AND run_at <= now())::int AS waiting,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts = 0 AND run_at > now())::int AS scheduled,
        count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts > 0 AND attempts < max_attempts)::int AS retrying,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed
      FROM graphile_worker.jobs GROUP BY task_identifier`;
}

/** A crontab identifier graphile-worker knows and its last run. */
export type CrontabRunRow = { identifier: string; last_execution: Date | null };

/** Every scheduled task graphile-worker has run or registered, with its last run. */
export function listCrontabRuns(): Promise<CrontabRunRow[]> {
  return db.$queryRaw<CrontabRunRow[]>`SELECT identifier, last_execution FROM graphile_worker._private_known_crontabs`;
}
