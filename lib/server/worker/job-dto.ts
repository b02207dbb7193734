import "server-only";
import type { TFailedJob } from "@/lib/schemas/staff-jobs";
import type { Tx } from "../db";
import { AppError } from "../errors";
import { type JobRow, lockJobRow, readJob } from "./sql/failed-jobs";

// A job as the staff page shows it, read from graphile-worker's public view (graphile_worker.jobs;
// docs/jobs.md). Its tables are graphile-worker's own: we read them, and change jobs only
// through its SQL functions (sql/failed-jobs.ts).

export function toFailedJob(r: JobRow): TFailedJob {
  return {
    id: Number(r.id),
    task: r.task,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    failedAt: r.updated_at.toISOString(),
  };
}

export const jobNotFound = () => new AppError("NOT_FOUND", { userMessage: "No such job: it may have run or been deleted meanwhile." });
export const JOB_NOT_FAILED_MESSAGE =
  "This job has not failed: it is waiting, retrying or running. Only a job whose attempts are used up can be retried or deleted.";

/**
 * The failed job, locked for the rest of the transaction (a row lock on graphile-worker's table,
 * which its runners skip): 404 when there is none, 409 when it still has attempts or is running.
 */
export async function lockFailedJobOrThrow(tx: Tx, id: number): Promise<JobRow> {
  if (!(await lockJobRow(tx, id))) throw jobNotFound();
  const job = await readJob(tx, id);
  if (!job) throw jobNotFound();
  if (job.locked_at !== null || job.attempts < job.max_attempts) throw new AppError("CONFLICT", { userMessage: JOB_NOT_FAILED_MESSAGE });
  return job;
}
