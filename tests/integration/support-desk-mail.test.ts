// The support desk's mail over SMTP (docs/support-desk.md): a staff reply and a close within
// TICKET_MAIL_DELAY_SECONDS make one mail (one job under the ticket's key, keeping the first run
// time), a close after the mail went makes a second; an internal note is in no mail; the close
// mail carries the rating links, which only open the ticket page.
import { describe, expect, it } from "vitest";
import * as staffNotes from "@/app/api/v1/staff/tickets/[id]/notes/route";
import * as comments from "@/app/api/v1/tickets/comments/route";
import * as one from "@/app/api/v1/tickets/[id]/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { createSessionToken, createUser } from "../factories/users";
import { makeDelayedJobsDue, queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile, linkIn } from "../support/smtp-capture";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

const mailbox = captureMailForFile({ TRUST_PROXY: "true", TICKET_MAIL_DELAY_SECONDS: "60" });

const as = (session: string, opts: { method?: string; body?: unknown; id?: number } = {}) => ({
  method: opts.method ?? "POST",
  body: opts.body,
  cookies: { session },
  headers: { ...SAME_ORIGIN, ...freshClient() },
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});

async function setup() {
  const player = await createUser();
  const moderator = await createUser({ privilege: "MODERATOR" });
  const [ps, ms] = await Promise.all([createSessionToken(player.id), createSessionToken(moderator.id)]);
  const opened = await call(tickets.POST, as(ps, { body: { type: "WEBSITE_SUPPORT", title: "Blank store", description: "The store shows nothing." } }));
  expect(opened.status).toBe(201);
  const id = (opened.json as { id: number }).id;
  const toPlayer = () => mailbox().messages.filter((m) => m.to.includes(player.email));
  return { player, ps, ms, id, toPlayer };
}

describe("the player's ticket mail", () => {
  it("a staff reply and a close within the delay are one mail, with the reply, the close and the rating links; notes in none", async () => {
    const { ps, ms, id, toPlayer } = await setup();
    const note = `Note only staff see ${Date.now()}`;
    expect((await call(staffNotes.POST, as(ms, { id, body: { content: note } }))).status).toBe(201);
    expect((await call(comments.POST, as(ms, { body: { ticket: id, content: "Cleared your cache on our side." } }))).status).toBe(201);
    expect((await call(one.PATCH, as(ms, { method: "PATCH", id, body: { closed: true } }))).status).toBe(200);

    // One pending job, still waiting out its delay from the first action.
    const jobs = await queuedJobs("ticket-player-mail");
    expect(jobs.map((j) => j.payload)).toEqual([{ ticketId: id }]);
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 30_000);
    await runJobsUntilIdle();
    expect(toPlayer()).toHaveLength(0);

    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    const mails = toPlayer();
    expect(mails.map((m) => m.subject)).toEqual(["Your ticket was closed: Blank store"]);
    expect(mails[0]!.body).toContain("Cleared your cache on our side.");
    expect(mails[0]!.body).toContain("Staff closed your support ticket");
    const rate = linkIn(mails[0]!, `/ticket/${id}?rate=good`);
    expect(rate.searchParams.get("rate")).toBe("good");
    expect(mailbox().messages.some((m) => m.raw.includes(note) || m.body.includes(note))).toBe(false);

    // Run again: nothing more to tell.
    await call(comments.POST, as(ps, { body: { ticket: id, content: "Thanks!" } }));
    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    expect(toPlayer()).toHaveLength(1);
  });

  it("a close after the reply's mail went is a mail of its own", async () => {
    const { ms, id, toPlayer } = await setup();
    expect((await call(comments.POST, as(ms, { body: { ticket: id, content: "Try again now." } }))).status).toBe(201);
    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    expect(toPlayer().map((m) => m.subject)).toEqual(["Staff replied to your ticket: Blank store"]);

    expect((await call(one.PATCH, as(ms, { method: "PATCH", id, body: { closed: true } }))).status).toBe(200);
    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    expect(toPlayer().map((m) => m.subject)).toEqual(["Staff replied to your ticket: Blank store", "Your ticket was closed: Blank store"]);
    expect(toPlayer()[1]!.body).not.toContain("Try again now.");
  });

  it("a close and a reopen within the delay tell the player nothing about the status", async () => {
    const { ms, id, toPlayer } = await setup();
    await call(one.PATCH, as(ms, { method: "PATCH", id, body: { closed: true } }));
    await call(one.PATCH, as(ms, { method: "PATCH", id, body: { closed: false } }));
    await makeDelayedJobsDue("ticket-player-mail");
    await runJobsUntilIdle();
    expect(toPlayer()).toHaveLength(0);
  });
});
