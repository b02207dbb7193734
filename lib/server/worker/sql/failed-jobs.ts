import "server-only";
import { db, type Tx } from "../../db";

// Jobs as read from graphile-worker's public view (graphile_worker.jobs; docs/jobs.md). Its tables
// are graphile-worker's own: we read them, and change jobs only through its SQL functions.

/** A job as the view has it (the id as text: it is a bigint). */
export type JobRow = {
  id: string;
  task: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  locked_at: Date | null;
};

/** Locks the job's row in graphile-worker's table (which its runners skip) until the transaction ends; false when there is none. */
export async function lockJobRow(tx: Tx, id: number): Promise<boolean> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM graphile_worker._private_jobs WHERE id = ${id}::bigint FOR UPDATE`;
  return locked.length > 0;
}

/** The job as the view has it, or null. */
export async function readJob(tx: Tx, id: number): Promise<JobRow | null> {
  const [job] = await tx.$queryRaw<JobRow[]>`
    SELECT id::text, task_identifier AS task, attempts, max_attempts, last_error, created_at, updated_at, locked_at
    FROM graphile_worker.jobs WHERE id = ${id}::bigint`;
  return job ?? null;
}

/** The newest jobs that used up their attempts and are not running, at most `limit`. */
export function listFailedJobs(limit: number): Promise<JobRow[]> {
  return db.$queryRaw<JobRow[]>`
      SELECT id::text, task_identifier AS task, attempts, max_attempts, last_error, created_at, updated_at, locked_at
      FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts >= max_attempts
      ORDER BY updated_at DESC, id DESC LIMIT ${limit}`;
}

/** Deletes the job through graphile-worker's complete_jobs (which deletes only unlocked jobs); true when it was deleted. */
export async function completeJob(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM graphile_worker.complete_jobs(ARRAY[${id}::bigint])`;
  return deleted.length > 0;
}

/** Gives the job its attempts back and makes it due now (graphile-worker's reschedule_jobs); the job as rescheduled, or null. */
export async function rescheduleJobNow(tx: Tx, id: number): Promise<Omit<JobRow, "task"> | null> {
  const [row] = await tx.$queryRaw<Omit<JobRow, "task">[]>`
      SELECT id::text, attempts, max_attempts, last_error, created_at, updated_at, locked_at
      FROM graphile_worker.reschedule_jobs(ARRAY[${id}::bigint], run_at => now(), attempts => 0)`;
  return row ?? null;
}
