// Mail goes out through the job queue: recorded with the write that causes it, delivered by a
// `send-mail` job with retries, exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCrontab } from "graphile-worker";
import { POST as requestResetRoute } from "@/app/api/v1/request-password-reset/route";
import { POST as resetRoute } from "@/app/api/v1/reset-password/route";
import { db } from "@/lib/server/db";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { queueMail } from "@/lib/server/mail/send-mail";
import { LINK_REMOVED, mailTemplates } from "@/lib/server/mail/templates";
import { crontab } from "@/lib/server/worker/task-list";
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

describe("mail with a live link", () => {
  /** Every stored column of the mail row as one string, to look for a token anywhere in it. */
  const rowText = async (id: number) => JSON.stringify(await db.mailMessage.findUniqueOrThrow({ where: { id } }));

  it("keeps no token once sent, yet the link the player received resets the password", async () => {
    smtp ??= await startSmtpCapture(port);
    const u = await createUser();
    const before = smtp.messages.length;
    expect((await call(requestResetRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: freshClient() })).status).toBe(200);
    await runJobsUntilIdle(); // issues the link, queues the mail and sends it

    const link = linkIn(await smtp.latestTo(u.email, before), "/account/reset-password");
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(20);
    const row = await db.mailMessage.findFirstOrThrow({ where: { to: u.email }, orderBy: { id: "desc" } });
    expect(row.status).toBe("SENT");
    expect(await rowText(row.id)).not.toContain(token);
    expect(row.text).toContain(LINK_REMOVED);
    expect(row.html).toContain(LINK_REMOVED);
    expect(row).toMatchObject({ redactedText: null, redactedHtml: null });

    // The player's copy still works.
    const reset = await call(resetRoute, {
      method: "POST",
      body: { uid: u.id, token, password: "Brand-new-pass9!", passwordConfirmation: "Brand-new-pass9!" },
      headers: freshClient(),
    });
    expect(reset.status).toBe(201);
  });

  it("keeps the link while the mail waits to be sent, and a mail without a secret link as it was", async () => {
    const undo = setEnv({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }); // nobody listens: the send fails and retries
    try {
      const url = "https://site.test/account/reset-password?uid=1&token=still-waiting-token";
      const { id } = await queueMail("waiting@test.example", mailTemplates.passwordReset("Waiter", url));
      await runJobsUntilIdle();
      expect(await db.mailMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "QUEUED", attempts: 1 });
      expect(await rowText(id)).toContain("still-waiting-token");
      await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
    } finally {
      undo();
    }
    smtp ??= await startSmtpCapture(port);
    const plain = await queueMail("plain@test.example", mailTemplates.ticketStatus("Plain", "Help", true, "https://site.test/ticket/5"));
    await runJobsUntilIdle();
    const row = await db.mailMessage.findUniqueOrThrow({ where: { id: plain.id } });
    expect(row.status).toBe("SENT");
    expect(row.text).toContain("https://site.test/ticket/5");
  });
});

describe("sweep-sent-mail", () => {
  it("is scheduled in the crontab", () => {
    expect(parseCrontab(crontab).map((i) => i.task)).toContain("sweep-sent-mail");
  });

  it("deletes sent mail past 30 days and takes expired links out of outbox and failed mail; keeps recent and unsent mail", async () => {
    const day = 24 * 3600 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const secret = mailTemplates.passwordReset("Sweep", "https://site.test/account/reset-password?uid=1&token=sweep-secret-token");
    const row = (to: string, over: { status: "SENT" | "QUEUED" | "FAILED"; transport?: string; createdAt: Date; sentAt?: Date | null; withSecret?: boolean }) =>
      db.mailMessage.create({
        data: {
          to,
          subject: secret.subject,
          text: secret.text,
          html: secret.html,
          transport: over.transport ?? "smtp",
          status: over.status,
          createdAt: over.createdAt,
          sentAt: over.sentAt ?? null,
          redactedText: over.withSecret ? secret.redacted!.text : null,
          redactedHtml: over.withSecret ? secret.redacted!.html : null,
        },
      });
    const oldSent = await row("sweep-old-sent@test.example", { status: "SENT", createdAt: ago(31 * day), sentAt: ago(31 * day) });
    const recentSent = await row("sweep-recent-sent@test.example", { status: "SENT", createdAt: ago(29 * day), sentAt: ago(29 * day) });
    const oldQueued = await row("sweep-old-queued@test.example", { status: "QUEUED", createdAt: ago(40 * day), withSecret: true });
    const oldFailed = await row("sweep-old-failed@test.example", { status: "FAILED", createdAt: ago(40 * day), withSecret: true });
    const outboxLive = await row("sweep-outbox-live@test.example", {
      status: "SENT",
      transport: "outbox",
      createdAt: ago(day - 60_000),
      sentAt: ago(day - 60_000),
      withSecret: true,
    });
    const outboxExpired = await row("sweep-outbox-expired@test.example", {
      status: "SENT",
      transport: "outbox",
      createdAt: ago(day + 60_000),
      sentAt: ago(day + 60_000),
      withSecret: true,
    });

    await enqueue("sweep-sent-mail", {});
    await runJobsUntilIdle();

    const left = await db.mailMessage.findMany({ where: { to: { startsWith: "sweep-" } }, orderBy: { id: "asc" } });
    expect(left.map((m) => m.id)).toEqual([recentSent.id, oldQueued.id, oldFailed.id, outboxLive.id, outboxExpired.id]);
    expect(left.map((m) => m.id)).not.toContain(oldSent.id);
    const has = (id: number) => JSON.stringify(left.find((m) => m.id === id)).includes("sweep-secret-token");
    // Waiting to be sent, or inside its link's lifetime in the outbox (the page is the delivery): kept.
    expect(has(oldQueued.id)).toBe(true);
    expect(has(outboxLive.id)).toBe(true);
    // Failed, or expired in the outbox: the link is dead; the copy without it remains.
    expect(has(oldFailed.id)).toBe(false);
    expect(has(outboxExpired.id)).toBe(false);
    expect(left.find((m) => m.id === outboxExpired.id)!.text).toContain(LINK_REMOVED);
    expect(await queuedJobs()).toHaveLength(0);
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
