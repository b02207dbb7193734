// The support desk against the real database (docs/support-desk.md): a ticket's state moves with
// replies and staff actions while the `closed` flag stays in every answer; the staff queue
// puts the longest waiting for staff first and filters by state and assignee; assignment and
// priority are staff-only and audited; internal notes never reach the player's API or page; the
// player rates a closed ticket by POST only; the auto-close job closes tickets left waiting for
// the player.
import { isValidElement, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import TicketPage from "@/app/(site)/ticket/[id]/page";
import * as staffOne from "@/app/api/v1/staff/tickets/[id]/route";
import * as staffNotes from "@/app/api/v1/staff/tickets/[id]/notes/route";
import * as staffQueue from "@/app/api/v1/staff/tickets/route";
import * as comments from "@/app/api/v1/tickets/comments/route";
import * as rating from "@/app/api/v1/tickets/[id]/rating/route";
import * as one from "@/app/api/v1/tickets/[id]/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { db } from "@/lib/server/db";
import { waitingCounts } from "@/lib/server/staff/sql/dashboard-figures";
import { closeIdleTickets } from "@/lib/server/tickets/close-idle-tickets";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

const request = vi.hoisted(() => ({ cookies: new Map<string, string>() }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name)! } : undefined) }),
}));

let restore: () => void;
type U = Awaited<ReturnType<typeof createUser>> & { session: string };
let player: U, other: U, mod: U, mod2: U;

async function userWithSession(privilege?: "PLAYER" | "MODERATOR" | "ADMINISTRATOR"): Promise<U> {
  const u = await createUser(privilege ? { privilege } : {});
  return { ...u, session: await createSessionToken(u.id) };
}

beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", SMTP_URL: undefined, TICKET_AUTO_CLOSE_DAYS: "7" });
  [player, other, mod, mod2] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR"), userWithSession("MODERATOR")]);
});
afterAll(() => restore());

const req = (u: U, opts: { method?: string; body?: unknown; id?: number; path?: string; query?: string } = {}) => ({
  method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
  body: opts.body,
  path: `${opts.path ?? "/api/v1/tickets"}${opts.query ?? ""}`,
  cookies: { session: u.session },
  headers: { ...SAME_ORIGIN, ...freshClient() },
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});

type T = { id: number; closed: boolean; state: string; comments: Array<{ content: string }>; rating: string | null };
async function open(u: U, body: Record<string, unknown> = {}): Promise<T> {
  const r = await call(tickets.POST, req(u, { body: { type: "GENERAL_INQUIRY", title: "Lost items", description: "After a disconnect.", ...body } }));
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as T;
}
const reply = (u: U, id: number, content: string, extra: Record<string, unknown> = {}) =>
  call(comments.POST, req(u, { body: { ticket: id, content, ...extra } }));
const get = async (u: U, id: number) => (await call(one.GET, req(u, { id }))).json as T;
const setClosed = (u: U, id: number, closed: boolean) => call(one.PATCH, req(u, { method: "PATCH", id, body: { closed } }));
const staffGet = (u: U, id: number) => call(staffOne.GET, req(u, { id, path: `/api/v1/staff/tickets/${id}` }));
const staffPatch = (u: U, id: number, body: unknown) => call(staffOne.PATCH, req(u, { method: "PATCH", id, body, path: `/api/v1/staff/tickets/${id}` }));
const queue = async (u: U, query: string) => {
  const r = await call(staffQueue.GET, req(u, { path: "/api/v1/staff/tickets", query }));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return (r.json as { results: Array<{ id: number; state: string; closed: boolean; assignee: { id: number } | null; first_response: { breached: boolean } }> })
    .results;
};

describe("ticket states", () => {
  it("a staff reply waits for the player, the player's reply waits for staff, keep open stays open; closed and state always agree", async () => {
    const t = await open(player);
    expect(t).toMatchObject({ state: "open", closed: false });

    expect((await reply(mod, t.id, "Which world were you on?")).status).toBe(201);
    expect(await get(player, t.id)).toMatchObject({ state: "waiting_for_player", closed: false });

    expect((await reply(player, t.id, "World 2.")).status).toBe(201);
    expect(await get(player, t.id)).toMatchObject({ state: "open", closed: false });

    // Keep open: the staff reply leaves it waiting for staff.
    expect((await reply(mod, t.id, "Looking into it.", { keep_open: true })).status).toBe(201);
    expect(await get(player, t.id)).toMatchObject({ state: "open" });
    // A player's keep_open means nothing: their reply always waits for staff.
    expect((await reply(mod, t.id, "Found it.")).status).toBe(201);
    expect(await get(player, t.id)).toMatchObject({ state: "waiting_for_player" });
    expect((await reply(player, t.id, "Thanks", { keep_open: true })).status).toBe(201);
    expect(await get(player, t.id)).toMatchObject({ state: "open" });

    expect((await setClosed(mod, t.id, true)).json).toMatchObject({ state: "closed", closed: true });
    expect((await setClosed(mod, t.id, false)).json).toMatchObject({ state: "open", closed: false });

    const list = (await call(tickets.GET, req(player))).json as { results: Array<{ id: number; state: string; closed: boolean }> };
    expect(list.results.find((r) => r.id === t.id)).toMatchObject({ state: "open", closed: false });
  });

  it("a writer that sets only closed, or only the state, gets the other to match (the database keeps them in step)", async () => {
    const t = await open(player);
    expect(await db.ticket.update({ where: { id: t.id }, data: { closed: true } })).toMatchObject({ closed: true, state: "CLOSED" });
    expect(await db.ticket.update({ where: { id: t.id }, data: { closed: false } })).toMatchObject({ closed: false, state: "OPEN" });
    expect(await db.ticket.update({ where: { id: t.id }, data: { state: "CLOSED" } })).toMatchObject({ closed: true, state: "CLOSED" });
    expect(await db.ticket.update({ where: { id: t.id }, data: { state: "WAITING_FOR_PLAYER" } })).toMatchObject({ closed: false });
    const inserted = await db.ticket.create({ data: { userId: player.id, type: "REPORT_BUG", title: "Old", description: "Made closed.", closed: true } });
    expect(inserted.state).toBe("CLOSED");
  });

  it("the first staff reply sets the first response once; the player's own replies do not", async () => {
    const t = await open(player, { type: "RSGP_STORE_PURCHASES" });
    await reply(player, t.id, "Any news?");
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).firstResponseAt).toBeNull();
    await reply(mod, t.id, "On it.");
    const first = (await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).firstResponseAt;
    expect(first).not.toBeNull();
    await reply(mod2, t.id, "Done.");
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).firstResponseAt).toEqual(first);
  });

  it("the dashboard's waiting-for-staff count counts open tickets, not those waiting for the player", async () => {
    const before = (await waitingCounts()).openTickets;
    const t = await open(other);
    expect((await waitingCounts()).openTickets).toBe(before + 1);
    await reply(mod, t.id, "Answered.");
    expect((await waitingCounts()).openTickets).toBe(before);
  });
});

describe("the staff queue", () => {
  it("waiting for staff first (longest first), then waiting for the player, then closed; filters mine, unassigned and state", async () => {
    const lead = await userWithSession("MODERATOR");
    const [a, b, c, d] = [await open(player), await open(player), await open(player), await open(player)];
    for (const t of [a, b, c, d]) expect((await staffPatch(lead, t.id, { assignee: lead.id })).status).toBe(200);
    const ago = (h: number) => new Date(Date.now() - h * 3600_000);
    await reply(lead, c.id, "Over to you.");
    await setClosed(lead, d.id, true);
    await db.ticket.update({ where: { id: a.id }, data: { stateSince: ago(1) } });
    await db.ticket.update({ where: { id: b.id }, data: { stateSince: ago(5) } });

    expect((await queue(lead, "?assignee=mine&status=open")).map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect((await queue(lead, "?assignee=mine")).map((r) => r.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect((await queue(lead, "?assignee=mine&state=waiting_for_player")).map((r) => r.id)).toEqual([c.id]);
    expect((await queue(lead, "?assignee=mine&state=open")).map((r) => r.id)).toEqual([b.id, a.id]);
    // Someone else's "mine" is theirs; unassigned lists none of these.
    expect((await queue(mod2, "?assignee=mine")).map((r) => r.id)).not.toContain(a.id);
    const unassigned = await queue(lead, "?assignee=unassigned");
    expect(unassigned.map((r) => r.id)).not.toContain(a.id);
    expect(unassigned.every((r) => r.assignee === null)).toBe(true);
    expect((await staffPatch(lead, a.id, { assignee: null })).status).toBe(200);
    expect((await queue(lead, "?assignee=unassigned")).map((r) => r.id)).toContain(a.id);
  });

  it("marks a missed first-response target", async () => {
    const t = await open(player, { type: "RSGP_STORE_PURCHASES" });
    await db.ticket.update({ where: { id: t.id }, data: { createdAt: new Date(Date.now() - 5 * 3600_000) } });
    await staffPatch(mod, t.id, { priority: "high" });
    const row = (await queue(mod, "?type=RSGP_STORE_PURCHASES&status=open")).find((r) => r.id === t.id)!;
    expect(row.first_response.breached).toBe(true);
    const fresh = await open(player, { type: "RSGP_STORE_PURCHASES" });
    expect((await queue(mod, "?type=RSGP_STORE_PURCHASES&status=open")).find((r) => r.id === fresh.id)!.first_response.breached).toBe(false);
  });

  it("refuses players (403) and an unknown assignee filter (400)", async () => {
    expect((await call(staffQueue.GET, req(player, { path: "/api/v1/staff/tickets" }))).status).toBe(403);
    expect((await call(staffQueue.GET, req(mod, { path: "/api/v1/staff/tickets", query: "?assignee=someone" }))).status).toBe(400);
  });
});

describe("assignment and priority", () => {
  it("staff assign to themselves or another member of staff, never to a player; each change audited once", async () => {
    const t = await open(player);
    const r = await staffPatch(mod, t.id, { assignee: mod2.id, priority: "high" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toMatchObject({ assignee: { id: mod2.id, username: mod2.username }, priority: "high", closed: false, state: "open" });
    const entries = await db.auditLog.findMany({ where: { targetType: "ticket", targetId: String(t.id) }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ["ticket.assign", mod.id],
      ["ticket.priority", mod.id],
    ]);
    // The same again changes and audits nothing.
    expect((await staffPatch(mod, t.id, { assignee: mod2.id, priority: "high" })).status).toBe(200);
    expect(await db.auditLog.count({ where: { targetType: "ticket", targetId: String(t.id) } })).toBe(2);

    const refused = await staffPatch(mod, t.id, { assignee: other.id });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ assignee: ["Tickets can be assigned only to staff members."] });
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).assigneeId).toBe(mod2.id);
    expect((await staffPatch(mod, t.id, {})).status).toBe(400);
  });

  it("players get 403 on the staff ticket API, their own ticket included; a missing ticket is 404", async () => {
    const t = await open(player);
    expect((await staffGet(player, t.id)).status).toBe(403);
    expect((await staffPatch(player, t.id, { assignee: mod.id })).status).toBe(403);
    expect((await call(staffNotes.POST, req(player, { id: t.id, body: { content: "hi" }, path: `/api/v1/staff/tickets/${t.id}/notes` }))).status).toBe(403);
    expect((await staffGet(mod, 2_000_000_000)).status).toBe(404);
    expect((await staffGet(mod, t.id)).status).toBe(200);
  });
});

type El = { type: unknown; props: Record<string, unknown> };
async function elements(node: ReactNode): Promise<El[]> {
  if (Array.isArray(node)) return (await Promise.all(node.map(elements))).flat();
  if (!isValidElement(node)) return [];
  const props = node.props as Record<string, unknown>;
  const own: El = { type: node.type, props };
  if (typeof node.type === "function" && node.type.constructor.name === "AsyncFunction")
    return [own, ...(await elements((await (node.type as (p: unknown) => Promise<ReactNode>)(props)) as ReactNode))];
  return [own, ...(await elements(props.children as ReactNode))];
}
const shownText = (els: El[]) =>
  els.map((e) => JSON.stringify(e.props, (k, v: unknown) => (k.startsWith("_") || typeof v === "function" ? undefined : v))).join("\n");
async function pageAs(u: U, id: number, search: Record<string, string> = {}) {
  request.cookies.set("session", u.session);
  return elements((await TicketPage({ params: Promise.resolve({ id: String(id) }), searchParams: Promise.resolve(search) })) as ReactNode);
}

describe("internal notes", () => {
  it("staff see them in the staff API and on the page; the player's API answers and page never hold them", async () => {
    const t = await open(player);
    await reply(mod, t.id, "A reply the player sees.");
    const secret = `Internal: possible alt of someone ${Date.now()}`;
    const added = await call(staffNotes.POST, req(mod, { id: t.id, body: { content: secret }, path: `/api/v1/staff/tickets/${t.id}/notes` }));
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json).toMatchObject({ content: secret, user: mod.username });
    expect(await db.auditLog.count({ where: { action: "ticket.note", targetId: String(t.id) } })).toBe(1);

    expect(JSON.stringify((await staffGet(mod, t.id)).json)).toContain(secret);
    // Every player-facing answer: the ticket, the list, and staff's own view through the player API.
    expect(JSON.stringify(await get(player, t.id))).not.toContain(secret);
    expect(JSON.stringify((await call(tickets.GET, req(player))).json)).not.toContain(secret);
    expect(JSON.stringify(await get(mod, t.id))).not.toContain(secret);
    expect((await get(player, t.id)).comments.map((c) => c.content)).toEqual(["A reply the player sees."]);
    // A note changes nothing the player sees: not the state, not the last update.
    expect(await get(player, t.id)).toMatchObject({ state: "waiting_for_player" });

    const staffPage = await pageAs(mod, t.id);
    expect(shownText(staffPage)).toContain(secret);
    expect(staffPage.some((e) => e.props["data-testid"] === "internal-notes")).toBe(true);
    const playerPage = await pageAs(player, t.id);
    expect(shownText(playerPage)).toContain("A reply the player sees.");
    expect(shownText(playerPage)).not.toContain(secret);
    expect(playerPage.some((e) => e.props["data-testid"] === "internal-notes")).toBe(false);
  });

  it("on the staff page the player's name links to their staff page", async () => {
    const t = await open(player);
    const els = await pageAs(mod, t.id);
    expect(els.some((e) => e.type === "a" && e.props.href === `/staff/players/${player.id}`)).toBe(true);
    expect((await pageAs(player, t.id)).some((e) => e.type === "a" && e.props.href === `/staff/players/${player.id}`)).toBe(false);
  });
});

describe("rating", () => {
  it("the owner rates a closed ticket by POST (409 while open); the page's ?rate= only preselects; it counts for the assignee", async () => {
    const t = await open(player);
    const rate = (u: U, r: unknown) => call(rating.POST, req(u, { id: t.id, body: { rating: r }, path: `/api/v1/tickets/${t.id}/rating` }));
    expect((await rate(player, "good")).status).toBe(409);
    await staffPatch(mod, t.id, { assignee: mod2.id });
    await reply(mod, t.id, "Fixed.");
    await setClosed(mod, t.id, true);

    // The mail's link opens the page with the choice made: nothing is recorded.
    const els = await pageAs(player, t.id, { rate: "bad" });
    expect(els.find((e) => typeof e.props.chosen !== "undefined")?.props.chosen).toBe("bad");
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).rating).toBeNull();

    expect((await rate(other, "bad")).status).toBe(404);
    expect((await rate(mod, "bad")).status).toBe(404);
    expect((await rate(player, "great")).status).toBe(400);
    const ok = await rate(player, "okay");
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({ rating: "okay", closed: true });
    expect(await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ rating: "OKAY", ratedStaffId: mod2.id });
    expect((await staffGet(mod, t.id)).json).toMatchObject({ rating: "okay", rated_staff: mod2.username });
  });
});

describe("the auto-close job", () => {
  it("closes tickets waiting for the player past TICKET_AUTO_CLOSE_DAYS, with a mail and a notification; leaves the rest", async () => {
    const [stale, fresh, waitingForStaff] = [await open(other), await open(other), await open(other)];
    await reply(mod, stale.id, "Does it work now?");
    await reply(mod, fresh.id, "Does it work now?");
    const eightDays = new Date(Date.now() - 8 * 86_400_000);
    await db.ticket.updateMany({ where: { id: { in: [stale.id, waitingForStaff.id] } }, data: { stateSince: eightDays } });

    const mailsBefore = await db.mailMessage.count({ where: { to: other.email } });
    expect(await closeIdleTickets()).toBe(1);
    expect(await get(other, stale.id)).toMatchObject({ state: "closed", closed: true });
    expect(await get(other, fresh.id)).toMatchObject({ state: "waiting_for_player" });
    expect(await get(other, waitingForStaff.id)).toMatchObject({ state: "open" });
    const mails = await db.mailMessage.findMany({ where: { to: other.email }, orderBy: { id: "asc" }, skip: mailsBefore });
    expect(mails.map((m) => m.subject)).toEqual([`Your ticket was closed: Lost items`]);
    expect(mails[0]!.text).toContain(`/ticket/${stale.id}?rate=good#rate`);
    expect(await db.notification.count({ where: { userId: other.id, type: "ticket_status", link: `/ticket/${stale.id}` } })).toBe(1);

    // Twice at once: closed and mailed once.
    await db.ticket.update({ where: { id: fresh.id }, data: { stateSince: eightDays } });
    const counts = await Promise.all([closeIdleTickets(), closeIdleTickets()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await db.mailMessage.count({ where: { to: other.email, subject: "Your ticket was closed: Lost items" } })).toBe(2);
  });
});
