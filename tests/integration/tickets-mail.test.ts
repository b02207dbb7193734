// Ticket emails go through the mail module and the job queue: a staff reply or status change
// is recorded with the write and delivered over SMTP to the player, once; the player's own
// replies and a refused reply send nothing.
import { describe, expect, it } from "vitest";
import * as comments from "@/app/api/v1/tickets/comments/route";
import * as one from "@/app/api/v1/tickets/[id]/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { linkIn, captureMailForFile } from "../support/smtp-capture";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// No gathering delay here: each staff action's mail job is due at once (support-desk-mail.test.ts has the delay).
const mailbox = captureMailForFile({ TRUST_PROXY: "true", TICKET_MAIL_DELAY_SECONDS: "0" });

const as = (session: string, opts: { method?: string; body?: unknown; id?: number } = {}) => ({
  method: opts.method ?? "POST",
  body: opts.body,
  cookies: { session },
  headers: { ...SAME_ORIGIN, ...freshClient() },
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});

describe("ticket emails", () => {
  it("mails the player a staff reply and a close, over SMTP with a link to the ticket; nothing for their own reply or a refused one", async () => {
    const player = await createUser();
    const moderator = await createUser({ privilege: "MODERATOR" });
    const [ps, ms] = await Promise.all([createSessionToken(player.id), createSessionToken(moderator.id)]);
    const opened = await call(tickets.POST, as(ps, { body: { type: "WEBSITE_SUPPORT", title: "Page is blank", description: "The store shows nothing." } }));
    expect(opened.status).toBe(201);
    const id = (opened.json as { id: number }).id;
    const toPlayer = () => mailbox().messages.filter((m) => m.to.includes(player.email));

    expect((await call(comments.POST, as(ps, { body: { ticket: id, content: "Still blank." } }))).status).toBe(201);
    expect((await call(comments.POST, as(ms, { body: { ticket: id, content: "Try clearing the cache." } }))).status).toBe(201);
    // Queued with the comment, before any job ran: the player's mail job for this ticket.
    expect((await queuedJobs("ticket-player-mail")).map((j) => j.payload)).toEqual([{ ticketId: id }]);
    expect(await db.mailMessage.count({ where: { to: player.email } })).toBe(0);
    await runJobsUntilIdle();
    expect(toPlayer().map((m) => m.subject)).toEqual(["Staff replied to your ticket: Page is blank"]);
    expect(linkIn(toPlayer()[0]!, `/ticket/${id}`).pathname).toBe(`/ticket/${id}`);

    expect((await call(one.PATCH, as(ms, { method: "PATCH", id, body: { closed: true } }))).status).toBe(200);
    expect((await call(comments.POST, as(ps, { body: { ticket: id, content: "Hello?" } }))).status).toBe(409);
    await runJobsUntilIdle();
    expect(toPlayer().map((m) => m.subject)).toEqual(["Staff replied to your ticket: Page is blank", "Your ticket was closed: Page is blank"]);
    expect(mailbox().messages.filter((m) => m.to.includes(moderator.email))).toHaveLength(0);
  });
});
