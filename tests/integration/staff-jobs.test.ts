// The background-job page's API on a database of its own (it runs jobs, see
// tests/support/jobs.ts): a job whose attempts are used up is listed with its last error and
// attempts; retry runs it again; delete removes it; each is audited; administrators only.
import type { TaskList } from "graphile-worker";
import { describe, expect, it } from "vitest";
import * as jobsRoute from "@/app/api/v1/staff/jobs/route";
import * as jobRoute from "@/app/api/v1/staff/jobs/[id]/route";
import * as retryRoute from "@/app/api/v1/staff/jobs/[id]/retry/route";
import type { TFailedJob, TJobsOverview } from "@/lib/schemas/staff-jobs";
import { db } from "@/lib/server/db";
import { runJobsOnce } from "@/lib/server/worker/runner";
import { taskList } from "@/lib/server/worker/task-list";
import { createSessionToken, createUser } from "../factories/users";
import { queuedJobs } from "../support/jobs";
import { call, SAME_ORIGIN } from "./helpers";

const TASK = "test-staff-flaky";
/** How the test task behaves on its next run; every run is counted. */
const flaky = { fail: true, runs: 0 };
const testTasks: TaskList = {
  ...taskList,
  [TASK]: async () => {
    flaky.runs += 1;
    if (flaky.fail) throw new Error("the fishing guild is closed");
  },
};
const runDue = () => runJobsOnce({ taskList: testTasks });

/** Queues the test task with one attempt, runs it so that it fails, and answers its id. */
async function failedJob(): Promise<number> {
  const [row] = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM graphile_worker.add_job(${TASK}::text, '{}'::json, max_attempts => 1)`;
  flaky.fail = true;
  await runDue();
  return Number(row!.id);
}

async function staff(privilege: "ADMINISTRATOR" | "MODERATOR") {
  const u = await createUser({ privilege });
  return { ...u, session: await createSessionToken(u.id) };
}
type Staff = Awaited<ReturnType<typeof staff>>;
const as = (u: Staff | null, r: { method?: string; id?: number } = {}) => ({
  method: r.method ?? "GET",
  params: (r.id !== undefined ? { id: String(r.id) } : {}) as Record<string, string>,
  headers: SAME_ORIGIN,
  ...(u ? { cookies: { session: u.session } } : {}),
});
const overview = async (u: Staff) => (await call(jobsRoute.GET, as(u))).json as unknown as TJobsOverview;

describe("background jobs on /staff/jobs", () => {
  it("lists a failed job with its last error and attempts, and its task's queue", async () => {
    const admin = await staff("ADMINISTRATOR");
    const id = await failedJob();
    const view = await overview(admin);
    expect(view.failed.find((j) => j.id === id)).toMatchObject({
      id,
      task: TASK,
      attempts: 1,
      maxAttempts: 1,
      lastError: expect.stringContaining("the fishing guild is closed"),
    });
    expect(view.queues.find((q) => q.task === TASK)).toMatchObject({ failed: 1, waiting: 0, running: 0, retrying: 0 });
    // Every task of the site is listed, queued or not, and every scheduled one with its pattern.
    expect(view.queues.map((q) => q.task)).toEqual(expect.arrayContaining(["send-mail", "sweep-expired-rows"]));
    expect(view.schedules).toContainEqual({ identifier: "sweep-expired-rows", task: "sweep-expired-rows", schedule: "*/10 * * * *", lastRun: null });
  });

  it("retries a failed job: it runs again and, succeeding, leaves the queue", async () => {
    const admin = await staff("ADMINISTRATOR");
    const id = await failedJob();
    const runsBefore = flaky.runs;
    const r = await call(retryRoute.POST, as(admin, { method: "POST", id }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ id, attempts: 0 });
    expect((await overview(admin)).failed.map((j) => j.id)).not.toContain(id);

    flaky.fail = false;
    await runDue();
    expect(flaky.runs).toBe(runsBefore + 1);
    expect((await queuedJobs(TASK)).map((j) => Number(j.id))).not.toContain(id);

    const audit = await db.auditLog.findFirstOrThrow({ where: { targetType: "job", targetId: String(id) } });
    expect(audit).toMatchObject({
      action: "jobs.retried",
      actorId: admin.id,
      data: { reason: null, before: { attempts: 1, task: TASK }, after: { attempts: 0 } },
    });
  });

  it("deletes a failed job", async () => {
    const admin = await staff("ADMINISTRATOR");
    const id = await failedJob();
    const r = await call(jobRoute.DELETE, as(admin, { method: "DELETE", id }));
    expect(r.status).toBe(200);
    expect((await queuedJobs(TASK)).map((j) => Number(j.id))).not.toContain(id);
    expect(await db.auditLog.findFirstOrThrow({ where: { targetType: "job", targetId: String(id) } })).toMatchObject({
      action: "jobs.deleted",
      actorId: admin.id,
      data: { reason: null, before: { id, task: TASK }, after: null },
    });
    expect((await call(jobRoute.DELETE, as(admin, { method: "DELETE", id }))).status).toBe(404);
  });

  it("leaves a job that has not failed alone (409)", async () => {
    const admin = await staff("ADMINISTRATOR");
    const [row] = await db.$queryRaw<
      { id: string }[]
    >`SELECT id::text FROM graphile_worker.add_job(${TASK}::text, '{}'::json, run_at => now() + interval '1 hour')`;
    const id = Number(row!.id);
    expect((await call(retryRoute.POST, as(admin, { method: "POST", id }))).status).toBe(409);
    expect((await call(jobRoute.DELETE, as(admin, { method: "DELETE", id }))).status).toBe(409);
    expect((await queuedJobs(TASK)).find((j) => Number(j.id) === id)).toMatchObject({ attempts: 0 });
    expect(await db.auditLog.count({ where: { targetType: "job", targetId: String(id) } })).toBe(0);
  });

  it("is for administrators: a moderator gets 403, a guest 401", async () => {
    const moderator = await staff("MODERATOR");
    const id = await failedJob();
    for (const [u, status] of [
      [moderator, 403],
      [null, 401],
    ] as const) {
      expect((await call(jobsRoute.GET, as(u))).status).toBe(status);
      expect((await call(retryRoute.POST, as(u, { method: "POST", id }))).status).toBe(status);
      expect((await call(jobRoute.DELETE, as(u, { method: "DELETE", id }))).status).toBe(status);
    }
    const still: TFailedJob | undefined = (await overview(await staff("ADMINISTRATOR"))).failed.find((j) => j.id === id);
    expect(still).toMatchObject({ attempts: 1 });
  });
});
