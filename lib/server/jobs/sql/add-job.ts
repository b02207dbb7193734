import "server-only";
import type { Db, Tx } from "../../db";

/** A job as graphile_worker.add_job takes it; null leaves the worker's default. */
export type AddJobInput = {
  task: string;
  payloadJson: string;
  runAt: Date | null;
  maxAttempts: number;
  jobKey: string | null;
  jobKeyMode: "replace" | "preserve_run_at";
};

/** Queues a job through graphile-worker's add_job (on the client or in the transaction given); its id. */
export async function addJob(client: Db | Tx, job: AddJobInput): Promise<bigint> {
  const rows = await client.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM graphile_worker.add_job(
      identifier => ${job.task}::text,
      payload => ${job.payloadJson}::json,
      run_at => ${job.runAt}::timestamptz,
      max_attempts => ${job.maxAttempts}::smallint,
      job_key => ${job.jobKey}::text,
      job_key_mode => ${job.jobKeyMode}::text
    )`;
  return rows[0]!.id;
}

/** Many jobs of one task through graphile-worker's add_jobs, in one statement; how many were queued. */
export async function addJobs(
  client: Db | Tx,
  jobs: { task: string; payloadsJson: string[]; jobKeys: string[]; runAt: Date | null; maxAttempts: number; preserveRunAt: boolean },
): Promise<number> {
  const rows = await client.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker.add_jobs(
      ARRAY(
        SELECT ROW(${jobs.task}::text, x.p::json, NULL::text, ${jobs.runAt}::timestamptz, ${jobs.maxAttempts}::int, x.k, NULL::int, NULL::text[])::graphile_worker.job_spec
        FROM unnest(${jobs.payloadsJson}::text[], ${jobs.jobKeys}::text[]) AS x(p, k)
      ),
      ${jobs.preserveRunAt}::boolean
    )`;
  return rows[0]!.n;
}
