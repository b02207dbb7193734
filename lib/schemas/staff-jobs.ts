import { z } from "zod";
import { defineOperation, ZErrorBody } from "./api";
import { zId } from "./ids";

// Contracts of the background-job page: the queue per task, failed jobs (attempts
// used up) with their last error, retry and delete of a failed job, and the scheduled tasks.
// The queue is graphile-worker's (docs/jobs.md); administrators and up.

/** Failed jobs listed at most (newest first); the count per task is exact. */
export const FAILED_JOBS_SHOWN = 100;

export const ZTaskQueue = z.object({
  task: z.string(),
  waiting: z.number().int().describe("Due now, not started yet"),
  scheduled: z.number().int().describe("First run later (run_at in the future)"),
  running: z.number().int().describe("Locked by a runner right now"),
  retrying: z.number().int().describe("Failed at least once, with attempts left (waiting for the next try)"),
  failed: z.number().int().describe("Every attempt used: waits for staff to retry or delete it"),
});
export type TTaskQueue = z.infer<typeof ZTaskQueue>;

export const ZFailedJob = z.object({
  id: z.number().int(),
  task: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable().describe("The error of the last attempt"),
  createdAt: z.string().describe("ISO 8601: when it was queued"),
  failedAt: z.string().describe("ISO 8601: when its last attempt failed"),
});
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZScheduledTask = z.object({
  identifier: z.string().describe("The schedule's name (graphile-worker's crontab identifier)"),
  task: z.string(),
  schedule: z.string().describe("Crontab pattern, UTC (minute hour day month weekday)"),
  lastRun: z.string().nullable().describe("ISO 8601: the last time this schedule queued its task; null when never"),
});
export type TScheduledTask = z.infer<typeof ZScheduledTask>;

export const ZJobsOverview = z.object({
  queues: z.array(ZTaskQueue).describe("One row per task that has jobs in the queue, by name"),
  failed: z.array(ZFailedJob).describe(`Failed jobs, newest first (at most ${FAILED_JOBS_SHOWN})`),
  schedules: z.array(ZScheduledTask),
});
export type TJobsOverview = z.infer<typeof ZJobsOverview>;

// ── operations ──
const TAG = "Staff jobs";
const ZJobParams = z.object({ id: zId({ description: "Job id from GET /api/v1/staff/jobs" }) });
const jobErrors = {
  404: { description: "No such job", schema: ZErrorBody },
  409: { description: "The job has not failed (it is waiting, retrying or running)", schema: ZErrorBody },
};

export const jobsOverviewOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/jobs",
  summary: "Background job queue per task, failed jobs and scheduled tasks",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "The queue now", schema: ZJobsOverview } },
});
export const retryJobOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/jobs/{id}/retry",
  summary: "Run a failed job again (its attempts start over)",
  tag: TAG,
  auth: "administrator",
  params: ZJobParams,
  responses: { 200: { description: "Queued again, due now", schema: ZFailedJob }, ...jobErrors },
});
export const deleteJobOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/jobs/{id}",
  summary: "Delete a failed job (give up on it)",
  tag: TAG,
  auth: "administrator",
  params: ZJobParams,
  responses: { 200: { description: "Deleted; the job as it was", schema: ZFailedJob }, ...jobErrors },
});

export const staffJobOperations = [jobsOverviewOp, retryJobOp, deleteJobOp];
