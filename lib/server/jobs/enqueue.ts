import "server-only";
import { db, type Tx } from "../db";
import { addJob, addJobs } from "./sql/add-job";
import { type JobPayloads, MAX_ATTEMPTS, type TaskName } from "./task-types";

export type EnqueueOptions = {
  /** Queue inside this interactive transaction: a rolled-back change queues nothing. */
  tx?: Tx;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Overrides the task's MAX_ATTEMPTS. */
  maxAttempts?: number;
  /** At most one pending job per key: queuing again replaces the pending one. */
  jobKey?: string;
  /** With jobKey: "replace" (default) moves a pending job's run time; "preserve_run_at" keeps it (a debounce that never starves). */
  jobKeyMode?: "replace" | "preserve_run_at";
};

/**
 * Queues a job in PostgreSQL (graphile-worker's add_job); a runner in any app process or in
 * `npm run worker` picks it up at once through LISTEN/NOTIFY (sent on commit). Returns its id.
 */
export async function enqueue<T extends TaskName>(task: T, payload: JobPayloads[T], opts: EnqueueOptions = {}): Promise<string> {
  const client = opts.tx ?? db;
  const id = await addJob(client, {
    task,
    payloadJson: JSON.stringify(payload),
    runAt: opts.runAt ?? null,
    maxAttempts: opts.maxAttempts ?? MAX_ATTEMPTS[task],
    jobKey: opts.jobKey ?? null,
    jobKeyMode: opts.jobKeyMode ?? "replace",
  });
  return String(id);
}

/**
 * Queues one job of `task` per payload in one statement (graphile-worker's add_jobs), each with
 * its own job key, in the transaction given. For fan-outs that queue hundreds at once.
 */
export async function enqueueMany<T extends TaskName>(
  task: T,
  jobs: ReadonlyArray<{ payload: JobPayloads[T]; jobKey: string }>,
  opts: { tx: Tx; runAt?: Date; jobKeyMode?: "replace" | "preserve_run_at" },
): Promise<number> {
  if (!jobs.length) return 0;
  return addJobs(opts.tx, {
    task,
    payloadsJson: jobs.map((j) => JSON.stringify(j.payload)),
    jobKeys: jobs.map((j) => j.jobKey),
    runAt: opts.runAt ?? null,
    maxAttempts: MAX_ATTEMPTS[task],
    preserveRunAt: opts.jobKeyMode === "preserve_run_at",
  });
}
