// Mail goes out through the job queue: recorded with the write that causes it, delivered by a
// `send-mail` job with retries, exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as requestResetRoute } from "@/app/api/v1/request-password-reset/route";
import { db } from "@/lib/server/db";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { queueMail } from "@/lib/server/mail/send-mail";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { makeRetriesDue, queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { linkIn, startSmtpCapture } from "../support/smtp-capture";
import { call, freshClient } from "./helpers";


const content = (subject: string) => ({ subject, text: `${subject} text`, html: `<p>${subject}</p>` });
let restore: () => void;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>> | undefined;
let port: number;

beforeAll(async () => {
  // Nothing listens on this port until a test starts the capture server there.
  port = await freePort();
  restore = setEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, TRUST_PROXY: "true" });
});
afterAll(async () => {
  restore();
  await smtp?.close();
});

describe("send-mail job", () => {
  it("keeps a mail queued while the SMTP server is down and delivers it exactly once when it is back", async () => {
    const { id } = await queueMail("down@test.example", content("Queued while down"));
    expect((await db.mailMessage.findUniqueOrThrow({ where: { id } })).status).toBe("QUEUED");

    await runJobsUntilIdle();
    const failed = await db.mailMessage.findUniqueOrThrow({ where: { id } });
    expect(failed).toMatchObject({ status: "QUEUED", attempts: 1, sentAt: null });
    expect(failed.error).toMatch(/ECONNREFUSED/);
    const [job] = await queuedJobs("send-mail");
    expect(job).toMatchObject({ attempts: 1, max_attempts: 10, payload: { mailId: id } });
    // Backoff: the retry is due exp(1) ≈ 2.7 s after the failure (updated_at is when the attempt began).
    expect((job!.run_at.getTime() - job!.updated_at.getTime()) / 1000).toBeGreaterThan(Math.E - 0.01);

    smtp = await startSmtpCapture(port);
    await makeRetriesDue();
    await runJobsUntilIdle();
    expect(smtp.messages.filter((m) => m.to.includes("down@test.example"))).toHaveLength(1);
    expect(await db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "SENT", attempts: 2, error: null });
    expect(await queuedJobs("send-mail")).toHaveLength(0);

    // A job retried after the server accepted the message (e.g. the runner died before
    // recording success) finds the row SENT and sends nothing.
    await enqueue("send-mail", { mailId: id });
    await runJobsUntilIdle();
    expect(smtp.messages.filter((m) => m.to.includes("down@test.example"))).toHaveLength(1);
    expect(await queuedJobs("send-mail")).toHaveLength(0);
  });

  it("marks the mail FAILED after its last attempt", async () => {
    const undo = setEnv({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const { id } = await queueMail("never@test.example", content("Never delivered"));
      const [job] = await queuedJobs("send-mail");
      await db.$executeRaw`SELECT graphile_worker.reschedule_jobs(ARRAY[${BigInt(job!.id)}]::bigint[], max_attempts => 2::smallint)`;
      await runJobsUntilIdle();
      expect((await db.mailMessage.findUniqueOrThrow({ where: { id } })).status).toBe("QUEUED");
      await makeRetriesDue();
      await runJobsUntilIdle();
      const row = await db.mailMessage.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ status: "FAILED", attempts: 2 });
      expect(row.error).toMatch(/ECONNREFUSED/);
      // graphile-worker keeps the permanently failed job for inspection (docs/jobs.md).
      expect(await queuedJobs("send-mail")).toMatchObject([{ attempts: 2, max_attempts: 2 }]);
      await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
    } finally {
      undo();
    }
  });

  it("queues nothing when the transaction that recorded the mail rolls back", async () => {
    const before = smtp!.messages.length;
    await expect(
      db.$transaction(async (tx) => {
        await queueMail("rolled-back@test.example", content("Rolled back"), { tx });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.mailMessage.count({ where: { to: "rolled-back@test.example" } })).toBe(0);
    expect(await queuedJobs()).toHaveLength(0);
    await runJobsUntilIdle();
    expect(smtp!.messages.length).toBe(before);
  });

  it("answers a reset request before its mail is sent: the request only queues a job", async () => {
    const u = await createUser();
    const before = smtp!.messages.length;
    const r = await call(requestResetRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: freshClient() });
    expect(r.status).toBe(200);
    expect(smtp!.messages.length).toBe(before);
    expect(await db.mailMessage.count({ where: { to: u.email } })).toBe(0);
    expect(await queuedJobs("send-reset-link")).toMatchObject([{ payload: { userId: u.id } }]);

    await runJobsUntilIdle(); // issues the link and queues the mail, then sends it
    const mail = await smtp!.latestTo(u.email, before);
    expect(linkIn(mail, "/account/reset-password").searchParams.get("uid")).toBe(String(u.id));
    expect(await db.mailMessage.findFirstOrThrow({ where: { to: u.email } })).toMatchObject({ status: "SENT", attempts: 1 });
  });
});

describe("local outbox (no SMTP_URL)", () => {
  it("stores the mail as sent for /dev/outbox and queues no job", async () => {
    const undo = setEnv({ SMTP_URL: undefined });
    try {
      const { id } = await queueMail("outbox@test.example", content("Outbox"));
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ transport: "outbox", status: "SENT" });
      expect(await queuedJobs("send-mail")).toHaveLength(0);
    } finally {
      undo();
    }
  });
});
