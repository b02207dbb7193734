// The job queue itself: jobs outlive the process that queued them, a rolled-back transaction
// queues nothing, and the scheduled sweep deletes only expired rows.
import type { JobHelpers, TaskList } from "graphile-worker";
import { parseCrontab } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { hasJobRunner, startJobRunner, startJobRunnerInApp, stopJobRunner } from "@/lib/server/worker/runner";
import { crontab, taskList } from "@/lib/server/worker/task-list";
import { queueMail } from "@/lib/server/mail/send-mail";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { makeRetriesDue, queuedJobs, runJobsUntilIdle, waitUntil } from "../support/jobs";
import { startSmtpCapture } from "../support/smtp-capture";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let restore: () => void;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  restore = setEnv({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await stopJobRunner();
  restore();
  await smtp.close();
});

const addTestJob = (task: string) => db.$executeRaw`SELECT graphile_worker.add_job(${task}::text, '{}'::json)`;

describe("a job survives a restart of the app", () => {
  it("queued while no runner is up, it is done once by the runner of the next start", async () => {
    // No crontab: an every-minute tick falling just before a stop would leave its job queued,
    // and this test (and the file's later "nothing left" checks) is about the mail's job alone.
    await startJobRunner({ crontab: "" });
    await stopJobRunner(); // the app goes down
    const { id } = await queueMail("restart@test.example", { subject: "Across a restart", text: "t", html: "<p>t</p>" });
    expect(await queuedJobs("send-mail")).toMatchObject([{ payload: { mailId: id }, attempts: 0, locked_by: null }]);

    await startJobRunner({ crontab: "" }); // the app is back: picks up what was queued before
    await waitUntil(async () => (await db.mailMessage.findUniqueOrThrow({ where: { id } })).status === "SENT", "the mail to be sent");
    await stopJobRunner();
    expect(smtp.messages.filter((m) => m.to.includes("restart@test.example"))).toHaveLength(1);
    expect(await queuedJobs()).toHaveLength(0);
  });

  it("interrupted by a shutdown, it is released and done once by the next runner", async () => {
    let started = 0;
    const hang: TaskList = {
      // Runs until the shutdown aborts it, like a task cut off by a restart.
      "test-interrupted": (_payload: unknown, helpers: JobHelpers) => {
        started += 1;
        return new Promise<void>((_resolve, reject) => helpers.abortSignal.addEventListener("abort", () => reject(new Error("aborted by shutdown"))));
      },
    };
    await startJobRunner({ taskList: hang, crontab: "" });
    await addTestJob("test-interrupted");
    await waitUntil(async () => started === 1, "the job to start");
    await stopJobRunner(100); // shorter than the job: it is failed and unlocked, not left locked
    const [job] = await queuedJobs("test-interrupted");
    expect(job).toMatchObject({ attempts: 1, locked_by: null });
    expect(job!.last_error).toBeTruthy();

    let completed = 0;
    await startJobRunner({ taskList: { "test-interrupted": () => void (completed += 1) }, crontab: "" });
    await makeRetriesDue(); // skip the backoff wait
    await waitUntil(async () => (await queuedJobs("test-interrupted")).length === 0, "the retried job to finish");
    await stopJobRunner();
    expect(completed).toBe(1);
    expect(started).toBe(1);
  });

  it("a graceful stop lets a running job finish and records it as done before returning", async () => {
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    let started = false;
    await startJobRunner({ taskList: { "test-slow": () => ((started = true), gate) }, crontab: "" });
    await addTestJob("test-slow");
    await waitUntil(async () => started, "the job to start");
    const stopping = stopJobRunner();
    finish();
    await stopping;
    // Otherwise the process may exit with the job still locked, and it would run again hours later.
    expect(await queuedJobs("test-slow")).toHaveLength(0);
  });

  it("runs no runner in an app process with JOBS_WORKER=false or while Next builds", async () => {
    for (const vars of [{ JOBS_WORKER: "false" }, { NEXT_PHASE: "phase-production-build" }]) {
      const undo = setEnv(vars);
      try {
        startJobRunnerInApp();
        expect(hasJobRunner()).toBe(false);
      } finally {
        undo();
      }
    }
  });
});

describe("enqueue inside a transaction", () => {
  it("queues nothing when the transaction rolls back, and the job when it commits", async () => {
    const attempt = (fail: boolean) =>
      db.$transaction(async (tx) => {
        await enqueue("sweep-expired-rows", { marker: fail ? "rolled back" : "committed" }, { tx });
        if (fail) throw new Error("rollback");
      });
    await expect(attempt(true)).rejects.toThrow("rollback");
    await attempt(false);
    expect((await queuedJobs("sweep-expired-rows")).map((j) => j.payload)).toEqual([{ marker: "committed" }]);
    await runJobsUntilIdle();
    expect(await queuedJobs()).toHaveLength(0);
  });
});

describe("the support desk's jobs", () => {
  it("close-idle-tickets is scheduled hourly with one pending run at most; ticket-player-mail is queued by staff actions only", () => {
    const items = parseCrontab(crontab);
    const close = items.find((i) => i.task === "close-idle-tickets");
    expect(close?.options).toMatchObject({ jobKey: "close-idle-tickets", maxAttempts: 3 });
    expect(crontab).toMatch(/^29 \* \* \* \* close-idle-tickets /m);
    expect(items.map((i) => i.task)).not.toContain("ticket-player-mail");
  });
});

describe("the vote rewards' jobs", () => {
  it("remind-vote-streaks and award-vote-monthly-prizes run hourly with one pending run at most, and are in the task list", () => {
    const items = parseCrontab(crontab);
    expect(items.find((i) => i.task === "remind-vote-streaks")?.options).toMatchObject({ jobKey: "remind-vote-streaks", maxAttempts: 3 });
    expect(items.find((i) => i.task === "award-vote-monthly-prizes")?.options).toMatchObject({ jobKey: "award-vote-monthly-prizes", maxAttempts: 5 });
    expect(crontab).toMatch(/^13 \* \* \* \* remind-vote-streaks /m);
    expect(crontab).toMatch(/^3 \* \* \* \* award-vote-monthly-prizes /m);
    expect(Object.keys(taskList)).toEqual(expect.arrayContaining(["remind-vote-streaks", "award-vote-monthly-prizes"]));
  });
});

describe("sweep-expired-rows", () => {
  it("is scheduled in the crontab", () => {
    const items = parseCrontab(crontab);
    expect(items.map((i) => i.task)).toContain("sweep-expired-rows");
  });

  it("deletes expired rate-limit counters, spent tokens and long-ended sessions, and keeps live ones", async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const ahead = (ms: number) => new Date(now + ms);
    const day = 24 * 3600 * 1000;
    await db.rateLimitBucket.createMany({
      data: [
        { key: "sweep-test:expired", count: 5, resetAt: ago(1000) },
        { key: "sweep-test:live", count: 5, resetAt: ahead(60_000) },
      ],
    });
    const u = await createUser();
    const token = (tokenHash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId: u.id,
      kind: "PASSWORD_RESET" as const,
      tokenHash,
      expiresAt,
      usedAt,
    });
    await db.emailToken.createMany({
      data: [
        token("sweep-used-long-ago", ahead(day), ago(2 * day)),
        token("sweep-expired-long-ago", ago(2 * day)),
        token("sweep-unused-live", ahead(day)),
        token("sweep-used-just-now", ahead(day), ago(1000)),
      ],
    });
    const session = (tokenHash: string, over: { revokedAt?: Date; idleExpiresAt?: Date }) => ({
      userId: u.id,
      tokenHash,
      idleExpiresAt: over.idleExpiresAt ?? ahead(day),
      absoluteExpiresAt: ahead(30 * day),
      revokedAt: over.revokedAt ?? null,
    });
    await db.session.createMany({
      data: [
        session("sweep-revoked-31d", { revokedAt: ago(31 * day) }),
        session("sweep-idle-31d", { idleExpiresAt: ago(31 * day) }),
        session("sweep-revoked-1d", { revokedAt: ago(day) }),
        session("sweep-live", {}),
      ],
    });

    await enqueue("sweep-expired-rows", {});
    await runJobsUntilIdle();

    expect((await db.rateLimitBucket.findMany({ where: { key: { startsWith: "sweep-test:" } } })).map((r) => r.key)).toEqual(["sweep-test:live"]);
    expect(
      (await db.emailToken.findMany({ where: { userId: u.id }, orderBy: { tokenHash: "asc" }, select: { tokenHash: true } })).map((t) => t.tokenHash),
    ).toEqual(["sweep-unused-live", "sweep-used-just-now"]);
    expect(
      (await db.session.findMany({ where: { userId: u.id }, orderBy: { tokenHash: "asc" }, select: { tokenHash: true } })).map((s) => s.tokenHash),
    ).toEqual(["sweep-live", "sweep-revoked-1d"]);
    expect(await queuedJobs()).toHaveLength(0);
  });
});
