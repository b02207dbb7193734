import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as staffQueue from "@/app/api/v1/staff/tickets/route";
import * as comments from "@/app/api/v1/tickets/comments/route";
import * as one from "@/app/api/v1/tickets/[id]/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { MAX_ID } from "@/lib/schemas/ids";
import { PLAYER_TICKET_TYPES, TICKET_CLOSED_MESSAGE, TICKET_TYPE_LABELS, TYPE_MESSAGE } from "@/lib/schemas/tickets";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { runJobsUntilIdle } from "../support/jobs";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Support tickets against the real database: a player reaches only their own tickets (someone
// else's answers exactly like a missing one, on read, reply and patch), only staff open or
// close, closed tickets take no replies, the type list is that of docs/product.md §3, and staff actions mail
// the player.

let restore: () => void;
type U = Awaited<ReturnType<typeof createUser>> & { session: string };
let alice: U, bob: U, mod: U;

async function userWithSession(privilege?: "PLAYER" | "MODERATOR" | "ADMINISTRATOR"): Promise<U> {
  const u = await createUser(privilege ? { privilege } : {});
  return { ...u, session: await createSessionToken(u.id) };
}

beforeAll(async () => {
  // No gathering delay: each staff action's mail job is due at once (support-desk-mail.test.ts has the delay).
  restore = setEnv({ TRUST_PROXY: "true", SMTP_URL: undefined, TICKET_MAIL_DELAY_SECONDS: "0" });
  [alice, bob, mod] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR")]);
});
afterAll(() => restore());

const as = (u: U, opts: { method?: string; body?: unknown; id?: number | string; query?: string } = {}) => ({
  method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
  body: opts.body,
  path: `/api/v1/tickets${opts.query ?? ""}`,
  cookies: { session: u.session },
  headers: { ...SAME_ORIGIN, ...freshClient() },
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});

async function open(u: U, body: Record<string, unknown> = {}) {
  const r = await call(
    tickets.POST,
    as(u, { body: { type: "GENERAL_INQUIRY", title: "Lost my items", description: "They vanished after a disconnect.", ...body } }),
  );
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as { id: number; closed: boolean; type: string; user: string; comments: unknown[] };
}
/** The player's mail, once the mail jobs queued so far have run. */
const mailsTo = async (email: string) => {
  await runJobsUntilIdle();
  return db.mailMessage.findMany({ where: { to: email }, orderBy: { id: "asc" } });
};

describe("opening tickets", () => {
  it("answers 201 with the ticket in docs/product.md §3 fields, owned by the caller", async () => {
    const t = await open(alice, { title: "  Padded title  " });
    expect(t).toMatchObject({
      title: "Padded title",
      type: "GENERAL_INQUIRY",
      type_label: "General Inquiry",
      user: alice.username,
      closed: false,
      comments: [],
    });
    expect(Object.keys(t)).toEqual(expect.arrayContaining(["id", "title", "type", "description", "user", "created", "updated", "closed", "comments"]));
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).userId).toBe(alice.id);
  });

  it("accepts every type of docs/product.md §3, by code or by its exact label", async () => {
    expect(PLAYER_TICKET_TYPES.map((t) => TICKET_TYPE_LABELS[t])).toEqual([
      "In-game Support",
      "Website Support",
      "General Inquiry",
      "Report Bug",
      "Report Player",
      "RSGP Store Purchases",
      "Mute Appeal",
    ]);
    // A player of its own: fourteen tickets stay under the per-player limit of 20 an hour.
    const dave = await userWithSession();
    for (const type of PLAYER_TICKET_TYPES) expect((await open(dave, { type })).type).toBe(type);
    for (const code of PLAYER_TICKET_TYPES) expect((await open(dave, { type: TICKET_TYPE_LABELS[code] })).type).toBe(code);
    // The appeal types are opened from /appeal only, never by a signed-in player.
    for (const type of ["BAN_APPEAL", "Ban Appeal", "ACCOUNT_RECOVERY"])
      expect((await call(tickets.POST, as(dave, { body: { type, title: "Let me back", description: "Please." } }))).status).toBe(400);
  });

  it("refuses an unknown or missing type, a blank or too long title or description, naming the field, and writes nothing", async () => {
    const before = await db.ticket.count({ where: { userId: alice.id } });
    const bad = async (body: Record<string, unknown>) => call(tickets.POST, as(alice, { body: { type: "REPORT_BUG", title: "t", description: "d", ...body } }));
    const unknown = await bad({ type: "Refund Please" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.type).toEqual([TYPE_MESSAGE]);
    expect((await bad({ type: 7 })).json.type).toEqual([TYPE_MESSAGE]);
    expect((await bad({ type: undefined })).json.type).toEqual(["This field is required."]);
    expect((await bad({ title: "   " })).json.title).toEqual(["This field is required."]);
    expect((await bad({ title: "x".repeat(121) })).json.title).toEqual(["The title is at most 120 characters."]);
    expect((await bad({ description: "x".repeat(5001) })).json.description).toEqual(["The description is at most 5,000 characters."]);
    expect((await bad({ description: undefined })).json.description).toEqual(["This field is required."]);
    expect(await db.ticket.count({ where: { userId: alice.id } })).toBe(before);
  });

  it("needs a signed-in user", async () => {
    const r = await call(tickets.POST, { method: "POST", body: { type: "REPORT_BUG", title: "t", description: "d" }, headers: freshClient() });
    expect(r.status).toBe(401);
  });
});

describe("a ticket that is not yours answers exactly like a missing one", () => {
  it("on read, reply and patch, for player B against A's ticket and against a missing id", async () => {
    const t = await open(alice);
    const missing = MAX_ID;
    const read = async (id: number) => call(one.GET, as(bob, { id }));
    const reply = async (id: number) => call(comments.POST, as(bob, { body: { ticket: id, content: "Me too!" } }));
    const patch = async (id: number) => call(one.PATCH, as(bob, { method: "PATCH", id, body: { closed: true } }));
    for (const action of [read, reply, patch]) {
      const theirs = await action(t.id);
      const none = await action(missing);
      expect(theirs.status).toBe(404);
      expect(theirs.json).toEqual(none.json);
      expect(theirs.json).toEqual({ details: "Ticket not found." });
    }
    expect(await db.ticketComment.count({ where: { ticketId: t.id } })).toBe(0);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).closed).toBe(false);
  });

  it("B's list holds only B's tickets", async () => {
    await open(alice, { title: "Alice's secret" });
    const mine = await open(bob, { title: "Bob's own" });
    const r = await call(tickets.GET, as(bob));
    expect(r.status).toBe(200);
    const results = r.json.results as { id: number; user: string }[];
    expect(results.map((x) => x.id)).toContain(mine.id);
    expect(results.every((x) => x.user === bob.username)).toBe(true);
  });
});

describe("open and close", () => {
  it("refuses a player's PATCH on their own ticket with 403 and changes nothing", async () => {
    const t = await open(alice);
    const r = await call(one.PATCH, as(alice, { method: "PATCH", id: t.id, body: { closed: true } }));
    expect(r.status).toBe(403);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).closed).toBe(false);
  });

  it("lets staff close and open again with 200, each change mailing the player once", async () => {
    const t = await open(alice, { title: "Close me" });
    const mailsBefore = (await mailsTo(alice.email)).length;
    const closed = await call(one.PATCH, as(mod, { method: "PATCH", id: t.id, body: { closed: true } }));
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ id: t.id, closed: true });
    // The same state again is a 200 without a second mail.
    expect((await call(one.PATCH, as(mod, { method: "PATCH", id: t.id, body: { closed: true } }))).status).toBe(200);
    let mails = (await mailsTo(alice.email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(["Your ticket was closed: Close me"]);
    expect(mails[0]!.text).toContain(`/ticket/${t.id}`);

    const reopened = await call(one.PATCH, as(mod, { method: "PATCH", id: t.id, body: { closed: false } }));
    expect(reopened.json).toMatchObject({ closed: false });
    mails = (await mailsTo(alice.email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(["Your ticket was closed: Close me", "Your ticket was opened again: Close me"]);
  });

  it("refuses a PATCH without a boolean closed, naming the field", async () => {
    const t = await open(alice);
    const r = await call(one.PATCH, as(mod, { method: "PATCH", id: t.id, body: { closed: "yes" } }));
    expect(r.status).toBe(400);
    expect(r.json.closed).toEqual(["Closed must be true or false."]);
  });
});

describe("comments", () => {
  it("answers 201 with the comment; staff replies are labelled and mail the player, the player's own do not", async () => {
    const t = await open(alice, { title: "Need help" });
    const mailsBefore = (await mailsTo(alice.email)).length;
    const mine = await call(comments.POST, as(alice, { body: { ticket: t.id, content: "Any news?" } }));
    expect(mine.status).toBe(201);
    expect(mine.json).toMatchObject({ content: "Any news?", user: alice.username, staff: false });
    expect(Object.keys(mine.json).sort()).toEqual(["attachments", "content", "date", "id", "staff", "user"]);
    const staff = await call(comments.POST, as(mod, { body: { ticket: String(t.id), content: "Looking into it." } }));
    expect(staff.status).toBe(201);
    expect(staff.json).toMatchObject({ user: mod.username, staff: true });

    const mails = (await mailsTo(alice.email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Staff replied to your ticket: Need help");
    expect(mails[0]!.text).toContain("Looking into it.");

    const view = await call(one.GET, as(alice, { id: t.id }));
    expect((view.json.comments as { content: string; staff: boolean }[]).map((c) => [c.content, c.staff])).toEqual([
      ["Any news?", false],
      ["Looking into it.", true],
    ]);
    expect(Date.parse(view.json.updated as string)).toBeGreaterThanOrEqual(Date.parse(view.json.created as string));
  });

  it("refuses replies on a closed ticket, from the player and from staff, asking for a new ticket", async () => {
    const t = await open(alice);
    await call(one.PATCH, as(mod, { method: "PATCH", id: t.id, body: { closed: true } }));
    for (const u of [alice, mod]) {
      const r = await call(comments.POST, as(u, { body: { ticket: t.id, content: "Hello?" } }));
      expect(r.status).toBe(409);
      expect(r.json).toEqual({ details: TICKET_CLOSED_MESSAGE });
    }
    expect(await db.ticketComment.count({ where: { ticketId: t.id } })).toBe(0);
  });

  it("refuses a blank or too long reply, naming the field", async () => {
    const t = await open(alice);
    expect((await call(comments.POST, as(alice, { body: { ticket: t.id, content: "  " } }))).json.content).toEqual(["This field is required."]);
    expect((await call(comments.POST, as(alice, { body: { ticket: t.id, content: "x".repeat(5001) } }))).json.content).toEqual([
      "A reply is at most 5,000 characters.",
    ]);
    expect((await call(comments.POST, as(alice, { body: { content: "hi" } }))).json.ticket).toEqual(["This field is required."]);
  });
});

describe("staff queue", () => {
  it("is staff only", async () => {
    expect((await call(staffQueue.GET, as(alice))).status).toBe(403);
  });

  it("lists every player's tickets, open ones oldest waiting first, filtered by status and type, with who replied last", async () => {
    const type = "REPORT_PLAYER";
    // Only this test's REPORT_PLAYER tickets: make them by a fresh player and filter by type.
    const carol = await userWithSession();
    const older = await open(carol, { type, title: "Older" });
    const newer = await open(alice, { type, title: "Newer" });
    const done = await open(carol, { type, title: "Done" });
    await db.ticket.update({ where: { id: older.id }, data: { updatedAt: new Date(Date.now() - 3 * 86_400_000) } });
    await call(comments.POST, as(mod, { body: { ticket: newer.id, content: "On it." } }));
    await call(one.PATCH, as(mod, { method: "PATCH", id: done.id, body: { closed: true } }));

    const openQ = await call(staffQueue.GET, { ...as(mod), path: "/api/v1/staff/tickets?status=open&type=REPORT_PLAYER" });
    expect(openQ.status).toBe(200);
    const openRows = openQ.json.results as { id: number; closed: boolean; type: string; last_reply: { user: string; staff: boolean } | null }[];
    const ids = openRows.map((r) => r.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect(ids).not.toContain(done.id);
    expect(openRows.every((r) => !r.closed && r.type === type)).toBe(true);
    expect(openRows.find((r) => r.id === newer.id)!.last_reply).toMatchObject({ user: mod.username, staff: true });
    expect(openRows.find((r) => r.id === older.id)!.last_reply).toBeNull();

    const all = await call(staffQueue.GET, { ...as(mod), path: "/api/v1/staff/tickets?type=REPORT_PLAYER" });
    const allIds = (all.json.results as { id: number }[]).map((r) => r.id);
    expect(allIds.indexOf(done.id)).toBeGreaterThan(allIds.indexOf(newer.id));

    const bad = await call(staffQueue.GET, { ...as(mod), path: "/api/v1/staff/tickets?type=NOPE" });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toEqual([TYPE_MESSAGE]);
  });
});

describe("purchase and vote context", () => {
  it("links the player's own purchase and shows it with the ticket; someone else's is a field error", async () => {
    const pkg = await db.creditPackage.create({ data: { credits: 100, bonusCredits: 10, priceCents: 999, imageUrl: "/x.png" } });
    const purchase = await db.creditPurchase.create({
      data: { userId: alice.id, creditPackageId: pkg.id, method: "STRIPE", status: "PAID", credits: 100, bonusCredits: 10, amountCents: 999 },
    });
    const t = await open(alice, { type: "RSGP_STORE_PURCHASES", purchase: purchase.id });
    const seen = await call(one.GET, as(mod, { id: t.id }));
    expect(seen.json.context).toMatchObject({
      purchase: { id: purchase.id, credits: 100, bonusCredits: 10, price: 9.99, status: "PAID" },
      order: null,
      vote: null,
    });

    const stolen = await call(tickets.POST, as(bob, { body: { type: "RSGP_STORE_PURCHASES", title: "t", description: "d", purchase: purchase.id } }));
    expect(stolen.status).toBe(400);
    expect(stolen.json.purchase).toEqual(["You have no credit purchase with this id."]);
    const noVote = await call(tickets.POST, as(bob, { body: { type: "GENERAL_INQUIRY", title: "t", description: "d", vote: MAX_ID } }));
    expect(noVote.json.vote).toEqual(["You have no vote with this id."]);
  });
});
