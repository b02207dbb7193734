import "server-only";
import { db, type Tx } from "../db";
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
  const rows = await client.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM graphile_worker.add_job(
      identifier => ${task}::text,
      payload => ${JSON.stringify(payload)}::json,
      run_at => ${opts.runAt ?? null}::timestamptz,
      max_attempts => ${opts.maxAttempts ?? MAX_ATTEMPTS[task]}::smallint,
      job_key => ${opts.jobKey ?? null}::text,
      job_key_mode => ${opts.jobKeyMode ?? "replace"}::text
    )`;
  return String(rows[0]!.id);
}
