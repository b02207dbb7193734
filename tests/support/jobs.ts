import { db } from "@/lib/server/db";
import { runJobsOnce } from "@/lib/server/worker/runner";

// Background jobs in integration tests. Every test file has a database of its own
// (tests/setup/integration-env.ts), so a file that runs jobs runs only its own.

/** Runs every job due now, including the jobs those jobs queue, then returns. */
export async function runJobsUntilIdle(): Promise<void> {
  await runJobsOnce();
}

export type QueuedJob = {
  id: string;
  task_identifier: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  updated_at: Date;
  locked_by: string | null;
};

/** Jobs still in the queue (graphile-worker deletes a job once it succeeds). */
export async function queuedJobs(task?: string): Promise<QueuedJob[]> {
  const rows = await db.$queryRaw<QueuedJob[]>`
    SELECT j.id::text, j.task_identifier, p.payload, j.attempts, j.max_attempts, j.last_error, j.run_at, j.updated_at, j.locked_by
    FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p USING (id) ORDER BY j.id`;
  return task ? rows.filter((r) => r.task_identifier === task) : rows;
}

/** Skips the backoff wait: failed jobs become due now (as an operator would, docs/jobs.md). */
export async function makeRetriesDue(): Promise<void> {
  await db.$executeRaw`
    SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at => now())
    FROM graphile_worker.jobs WHERE attempts > 0 AND attempts < max_attempts`;
}

/**
 * Waits for a condition the code under test brings about on its own (a running runner). Usually
 * a fraction of a second; the bound is 20 s so that a busy machine is not reported as a runner
 * that never acted, and stays inside the 30 s test limit.
 */
export async function waitUntil(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes the pending jobs of `task` that wait for a later run time due now (a delay that has passed). */
export async function makeDelayedJobsDue(task: string): Promise<void> {
  await db.$executeRaw`
    SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at => now())
    FROM graphile_worker.jobs WHERE task_identifier = ${task} AND run_at > now() AND locked_at IS NULL`;
}
