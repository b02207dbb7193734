import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as appeals from "@/app/api/v1/appeals/route";
import * as appealComments from "@/app/api/v1/appeals/comments/route";
import * as appealTicket from "@/app/api/v1/appeals/ticket/route";
import * as staffComments from "@/app/api/v1/tickets/comments/route";
import * as login from "@/app/api/v1/login/route";
import { APPEAL_LINK_INVALID, APPEAL_SENT } from "@/lib/schemas/appeals";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { setRunningBan } from "../factories/bans";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { setEnv } from "../support/env";
import { makeDelayedJobsDue, runJobsUntilIdle } from "../support/jobs";
import { linkIn, startSmtpCapture } from "../support/smtp-capture";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Appeals and account recovery without signing in: a ticket is opened on the account only when the
// username and email match, the answer is the same either way, the emailed link (its token stored
// hashed) reads and answers that ticket alone, a banned player's appeal works though login is
// refused, human verification is required, and requests are limited per address and per account.

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let restore: () => void;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  restore = setEnv({ CAPTCHA_PROVIDER: "off", SMTP_URL: smtp.url, TRUST_PROXY: "true" });
});
afterAll(async () => {
  restore();
  await smtp.close();
});

type Over = Partial<{ type: string; username: string; email: string; message: string; captchaToken: string }>;
const appeal = (body: Over & { username: string; email: string }, headers = freshClient()) =>
  call(appeals.POST, {
    method: "POST",
    body: { type: "BAN_APPEAL", message: "I was not cheating.", captchaToken: "unused", ...body },
    headers: { ...SAME_ORIGIN, ...headers },
  });
const read = (token: string) => call(appealTicket.POST, { method: "POST", body: { token }, headers: freshClient() });
const answer = (token: string, content: string) => call(appealComments.POST, { method: "POST", body: { token, content }, headers: freshClient() });
const ticketsOf = (userId: number) => db.ticket.findMany({ where: { userId }, include: { appeals: true } });

describe("a banned player's appeal, end to end through the emailed link", () => {
  it("opens a Ban Appeal on the account, mails a link that reads and answers it without a session, while login stays refused", async () => {
    const p = await createUser();
    await setRunningBan(p.id, "Macroing at the furnace");
    const refused = await call(login.POST, {
      method: "POST",
      body: { username: p.username, password: DEFAULT_PASSWORD },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(refused.status).toBe(403);

    const r = await appeal({ username: p.username.toUpperCase(), email: ` ${p.email.toUpperCase()} `, message: "It was my brother, sorry." });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ details: APPEAL_SENT });
    const [ticket] = await ticketsOf(p.id);
    expect(ticket).toMatchObject({ type: "BAN_APPEAL", title: `Ban Appeal: ${p.username}`, description: "It was my brother, sorry.", closed: false });

    await runJobsUntilIdle();
    const mail = await smtp.latestTo(p.email);
    const link = linkIn(mail, "/appeal/ticket");
    const token = link.searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(30);
    // Stored only as its hash; the stored copy of the sent mail lost the link.
    // A secret column: read only when named (lib/server/db.ts SECRET_COLUMNS).
    expect((await db.ticketAppeal.findFirstOrThrow({ where: { ticketId: ticket!.id }, select: { tokenHash: true } })).tokenHash).toBe(sha256(token));
    expect(await db.ticketAppeal.count({ where: { tokenHash: token } })).toBe(0);
    expect((await db.mailMessage.findFirstOrThrow({ where: { to: p.email }, orderBy: { id: "desc" } })).text).not.toContain(token);

    // Staff answer on the ticket, the player reads it and answers through the link.
    const mod = await createUser({ privilege: "MODERATOR" });
    const staffReply = await call(staffComments.POST, {
      method: "POST",
      body: { ticket: ticket!.id, content: "Tell us more about the furnace." },
      cookies: { session: await createSessionToken(mod.id) },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(staffReply.status).toBe(201);
    const before = smtp.messages.length;
    // The staff reply's mail brings a fresh appeal link (a banned player cannot open /ticket/{id}),
    // without the link in the stored copy; the first link keeps working too.
    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    const replyMail = await smtp.latestTo(p.email, before);
    expect(replyMail.subject).toBe(`Staff replied to your ticket: ${ticket!.title}`);
    expect(replyMail.body).not.toContain(`/ticket/${ticket!.id}`);
    const second = linkIn(replyMail, "/appeal/ticket").searchParams.get("token")!;
    expect(second).not.toBe(token);
    expect((await read(second)).json).toMatchObject({ id: ticket!.id, comments: [expect.objectContaining({ content: "Tell us more about the furnace." })] });
    expect((await db.mailMessage.findFirstOrThrow({ where: { to: p.email }, orderBy: { id: "desc" } })).text).not.toContain(second);
    const view = await read(token);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ id: ticket!.id, type: "BAN_APPEAL", type_label: "Ban Appeal", user: p.username, closed: false });
    expect(view.json.comments).toEqual([expect.objectContaining({ content: "Tell us more about the furnace.", staff: true })]);

    const reply = await answer(token, "I was asleep, my brother played.");
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ content: "I was asleep, my brother played.", user: p.username, staff: false });
    expect(await db.ticketComment.count({ where: { ticketId: ticket!.id, userId: p.id, staff: false } })).toBe(1);

    // Closed: read still works, answers refused.
    await db.ticket.update({ where: { id: ticket!.id }, data: { closed: true } });
    expect((await read(token)).json.closed).toBe(true);
    expect((await answer(token, "Hello?")).status).toBe(409);
  });

  it("opens account recovery the same way, joined to the account, also for a staff account (its answers never marked staff)", async () => {
    const admin = await createUser({ privilege: "ADMINISTRATOR" });
    expect((await appeal({ type: "ACCOUNT_RECOVERY", username: admin.username, email: admin.email, message: "Lost my phone and codes." })).status).toBe(200);
    const [t] = await ticketsOf(admin.id);
    expect(t).toMatchObject({ type: "ACCOUNT_RECOVERY", title: `Account Recovery: ${admin.username}` });
    await runJobsUntilIdle();
    const token = linkIn(await smtp.latestTo(admin.email), "/appeal/ticket").searchParams.get("token")!;
    expect((await answer(token, "Any news?")).json.staff).toBe(false);
  });
});

describe("the answer never tells whether the account exists", () => {
  it("answers the same for an unknown name and a wrong email, opening nothing and mailing nobody", async () => {
    const p = await createUser();
    const mailsBefore = await db.mailMessage.count();
    const ticketsBefore = await db.ticket.count();
    const unknown = await appeal({ username: "nobody_here_x", email: "nobody@test.example" });
    const wrongEmail = await appeal({ username: p.username, email: "someone-else@test.example" });
    expect([unknown.status, wrongEmail.status]).toEqual([200, 200]);
    expect(unknown.json).toEqual({ details: APPEAL_SENT });
    expect(wrongEmail.json).toEqual(unknown.json);
    expect(await db.ticket.count()).toBe(ticketsBefore);
    expect(await db.mailMessage.count()).toBe(mailsBefore);
  });

  it("refuses a link that is unknown, or expired, with 404 and the same words", async () => {
    const p = await createUser();
    await appeal({ username: p.username, email: p.email });
    const [t] = await ticketsOf(p.id);
    await runJobsUntilIdle();
    const token = linkIn(await smtp.latestTo(p.email), "/appeal/ticket").searchParams.get("token")!;
    expect((await read(token)).status).toBe(200);
    const bogus = await read("x".repeat(43));
    expect(bogus.status).toBe(404);
    expect(bogus.json).toEqual({ details: APPEAL_LINK_INVALID });
    await db.ticketAppeal.updateMany({ where: { ticketId: t!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await read(token)).json).toEqual({ details: APPEAL_LINK_INVALID });
    expect((await answer(token, "late")).status).toBe(404);
  });
});

describe("human verification and limits", () => {
  it("requires the captcha: missing is a 400 naming it, a failed one too, and nothing is opened", async () => {
    const p = await createUser();
    const missing = await call(appeals.POST, {
      method: "POST",
      body: { type: "BAN_APPEAL", username: p.username, email: p.email, message: "hi" },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.captchaToken).toEqual(["This field is required."]);
    const undo = setEnv({ CAPTCHA_PROVIDER: "altcha" });
    try {
      const failed = await appeal({ username: p.username, email: p.email, captchaToken: "not-a-solution" });
      expect(failed.status).toBe(400);
      expect(failed.json.captchaToken).toBeDefined();
    } finally {
      undo();
    }
    expect(await ticketsOf(p.id)).toEqual([]);
    // The twin: the same request with verification passing opens the ticket.
    expect((await appeal({ username: p.username, email: p.email })).status).toBe(200);
    expect(await ticketsOf(p.id)).toHaveLength(1);
  });

  it("limits an account to 3 a day from any address, and an email address to 3 a day whatever the name, alike for known and unknown", async () => {
    const p = await createUser();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await appeal({ username: p.username, email: p.email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await ticketsOf(p.id)).toHaveLength(3);

    const email = `flood-${Date.now()}@test.example`;
    const byEmail = [];
    for (let i = 0; i < 4; i++) byEmail.push((await appeal({ username: `ghost_${i}_${Date.now() % 100000}`, email })).status);
    expect(byEmail).toEqual([200, 200, 200, 429]);

    const unknownName = `nobody_${Date.now() % 1000000}`;
    const unknown = [];
    for (let i = 0; i < 4; i++) unknown.push((await appeal({ username: unknownName, email: `u${i}-${Date.now()}@test.example` })).status);
    expect(unknown).toEqual([200, 200, 200, 429]);
  });

  it("limits one address to 10 requests an hour", async () => {
    const ip = freshClient();
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await appeal({ username: `n${i}_${Date.now() % 100000}`, email: `ip${i}-${Date.now()}@test.example` }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
