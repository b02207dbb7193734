import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as savedList from "@/app/api/v1/staff/saved-replies/route";
import * as savedOne from "@/app/api/v1/staff/saved-replies/[id]/route";
import * as savedRender from "@/app/api/v1/staff/tickets/[id]/saved-replies/[reply]/route";
import * as shared from "@/app/api/v1/staff/players/[id]/shared-addresses/route";
import * as reportRoute from "@/app/api/v1/forums/posts/[id]/report/route";
import * as reportOne from "@/app/api/v1/staff/forums/reports/[id]/route";
import { notificationText } from "@/lib/notifications";
import { PLACEHOLDERS } from "@/lib/saved-replies";
import { db } from "@/lib/server/db";
import { createBrowserSession } from "@/lib/server/sessions/browser-sessions";
import { issueTokenPair } from "@/lib/server/sessions/api-tokens";
import { setEnv } from "../support/env";
import { as, createForum, reply, startThread, type U, userWithSession } from "./forums-fixtures";
import { call } from "./helpers";
import { createCategory, createProduct } from "./store-fixtures";

// Saved replies (placeholders filled from the ticket's rows, unknown ones refused, the staff rule
// on private placeholders), the shared-address look-up (its results and its audit entries) and
// report outcomes told to the reporter. Every refusal has its allowed twin.

let restore: () => void;
let player: U, mod: U, admin: U, owner: U;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  [player, mod, admin, owner] = await Promise.all([
    userWithSession(),
    userWithSession("MODERATOR"),
    userWithSession("ADMINISTRATOR"),
    userWithSession("OWNER"),
  ]);
});
afterAll(() => restore());

const uid = () => Math.random().toString(36).slice(2, 10);
const create = (u: U | null, body: unknown) => call(savedList.POST, as(u, { path: "/api/v1/staff/saved-replies", body }));
const list = (u: U | null) => call(savedList.GET, as(u, { path: "/api/v1/staff/saved-replies" }));
const patch = (u: U | null, id: number, body: unknown) =>
  call(savedOne.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/saved-replies/${id}`, params: { id: String(id) }, body }));
const remove = (u: U | null, id: number) =>
  call(savedOne.DELETE, as(u, { method: "DELETE", path: `/api/v1/staff/saved-replies/${id}`, params: { id: String(id) } }));
const render = (u: U | null, id: number, ticket: number) =>
  call(savedRender.GET, as(u, { path: `/api/v1/staff/tickets/${ticket}/saved-replies/${id}`, params: { id: String(ticket), reply: String(id) } }));
const lookUp = (u: U | null, id: number, body: unknown = {}) =>
  call(shared.POST, as(u, { path: `/api/v1/staff/players/${id}/shared-addresses`, params: { id: String(id) }, body }));
const resolve = (u: U | null, id: number, body: unknown) =>
  call(reportOne.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/reports/${id}`, params: { id: String(id) }, body }));
const report = (u: U, postId: number, reason = "Rude") =>
  call(reportRoute.POST, as(u, { path: `/api/v1/forums/posts/${postId}/report`, params: { id: String(postId) }, body: { reason } }));

const ticketOf = (userId: number) => db.ticket.create({ data: { userId, type: "GENERAL_INQUIRY", title: `Help ${uid()}`, description: "Please help" } });
const savedReply = async (body: string) => {
  const r = await create(mod, { title: `Reply ${uid()}`, body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id as number;
};
const auditsOf = (targetType: string, id: number) => db.auditLog.findMany({ where: { targetType, targetId: String(id) }, orderBy: { id: "asc" } });

describe("saved replies: placeholders", () => {
  it("fills each placeholder from the ticket's own rows", async () => {
    const owner = await userWithSession();
    const ticket = await ticketOf(owner.id);
    await db.user.update({ where: { id: owner.id }, data: { bannedAt: new Date(), banReason: "Botting at the chaos altar" } });
    await db.hiscoreStat.create({ data: { userId: owner.id, skill: 0, level: 1234, experience: 98_765_432n } });
    // An older store order, then a newer credit purchase that was refunded: the newest decides.
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 10 });
    await db.storeOrder.create({
      data: { userId: owner.id, productId: product.id, priceCredits: 10, idempotencyKey: uid(), createdAt: new Date(Date.now() - 86_400_000) },
    });
    const pkg = await db.creditPackage.create({ data: { credits: 500, bonusCredits: 0, priceCents: 500, imageUrl: "/images/credits/test.svg" } });
    await db.creditPurchase.create({
      data: { userId: owner.id, creditPackageId: pkg.id, method: "STRIPE", status: "REFUNDED", credits: 500, bonusCredits: 0, amountCents: 500 },
    });

    const id = await savedReply(PLACEHOLDERS.map((p) => `${p}=[{${p}}]`).join("\n"));
    const r = await render(mod, id, ticket.id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.text).toBe(
      [
        `player.name=[${owner.username}]`,
        "player.total_level=[1,234]",
        "player.ban.reason=[Botting at the chaos altar]",
        `ticket.id=[${ticket.id}]`,
        "order.last.status=[refunded]",
        `staff.name=[${mod.username}]`,
      ].join("\n"),
    );
    expect(r.json.unfilled).toEqual([]);

    // The store order alone (the purchase gone): it is the newest, paid.
    await db.creditPurchase.deleteMany({ where: { userId: owner.id } });
    expect(((await render(mod, id, ticket.id)).json.text as string).split("\n")[4]).toBe("order.last.status=[paid]");
  });

  it("says so for a placeholder without a value: not banned (a ban that ended too), no hiscores, no orders", async () => {
    const owner = await userWithSession();
    const ticket = await ticketOf(owner.id);
    await db.user.update({
      where: { id: owner.id },
      data: { bannedAt: new Date(Date.now() - 7200_000), bannedUntil: new Date(Date.now() - 3600_000), banReason: "old" },
    });
    const id = await savedReply("{player.ban.reason} / {player.total_level} / {order.last.status} / {unknown is not a placeholder} {json: 1}");
    const r = await render(mod, id, ticket.id);
    expect(r.json).toEqual({
      text: "(not banned) / (no hiscores yet) / (no orders) / {unknown is not a placeholder} {json: 1}",
      unfilled: ["player.ban.reason", "player.total_level", "order.last.status"],
    });
  });

  it("refuses an unknown placeholder when saving (400 naming body), on create and on edit; a known one saves", async () => {
    const bad = await create(mod, { title: `Typo ${uid()}`, body: "Hello {player.nmae}, about {ticket.id} and {foo}" });
    expect(bad.status).toBe(400);
    expect(bad.json.body).toEqual([expect.stringContaining("Unknown placeholders {player.nmae}, {foo}")]);
    expect(await db.savedReply.count({ where: { body: { contains: "nmae" } } })).toBe(0);

    const id = await savedReply("Hello {player.name}");
    const badEdit = await patch(mod, id, { body: "Hello {staff.rank}" });
    expect(badEdit.status).toBe(400);
    expect(badEdit.json.body).toEqual([expect.stringContaining("Unknown placeholder {staff.rank}")]);
    expect((await db.savedReply.findUniqueOrThrow({ where: { id } })).body).toBe("Hello {player.name}");
    const ok = await patch(mod, id, { body: "Hello {player.name}, this is {staff.name}" });
    expect(ok.status).toBe(200);
    expect(ok.json.body).toBe("Hello {player.name}, this is {staff.name}");
  });

  it("render: 404 for a missing reply or ticket", async () => {
    const id = await savedReply("Hi {player.name}");
    const ticket = await ticketOf(player.id);
    expect((await render(mod, id, 2_000_000_000)).status).toBe(404);
    expect((await render(mod, 2_000_000_000, ticket.id)).status).toBe(404);
  });
});

describe("saved replies: who may manage and use them", () => {
  it("players get 403 and guests 401 on every operation, changing nothing; moderators succeed, each change audited", async () => {
    const id = await savedReply("Hi {player.name}");
    const ticket = await ticketOf(player.id);
    const before = await db.savedReply.findUniqueOrThrow({ where: { id } });
    for (const [who, status] of [
      [player, 403],
      [null, 401],
    ] as const) {
      expect((await list(who)).status).toBe(status);
      expect((await create(who, { title: `No ${uid()}`, body: "x" })).status).toBe(status);
      expect((await patch(who, id, { body: "changed" })).status).toBe(status);
      expect((await remove(who, id)).status).toBe(status);
      expect((await render(who, id, ticket.id)).status).toBe(status);
    }
    expect(await db.savedReply.findUniqueOrThrow({ where: { id } })).toEqual(before);

    // The twins: a moderator lists, edits, renders and deletes.
    expect(((await list(mod)).json.results as { id: number }[]).map((r) => r.id)).toContain(id);
    expect((await patch(mod, id, { title: `Renamed ${uid()}` })).status).toBe(200);
    expect((await render(mod, id, ticket.id)).json.text).toBe(`Hi ${player.username}`);
    expect((await remove(mod, id)).status).toBe(200);
    expect((await remove(mod, id)).status).toBe(404);
    expect((await auditsOf("saved_reply", id)).map((a) => [a.action, a.actorId])).toEqual([
      ["ticket.saved_reply.created", mod.id],
      ["ticket.saved_reply.updated", mod.id],
      ["ticket.saved_reply.deleted", mod.id],
    ]);
  });

  it("a title is unique (409 naming title)", async () => {
    const title = `Same ${uid()}`;
    expect((await create(mod, { title, body: "one" })).status).toBe(201);
    const again = await create(admin, { title, body: "two" });
    expect(again.status).toBe(409);
    expect(again.json.title).toEqual(["Another saved reply already has this title."]);
  });

  it("private placeholders follow the staff rule: a moderator on an administrator's ticket is refused, the owner is not; public ones fill for anyone", async () => {
    const adminTicket = await ticketOf(admin.id);
    const priv = await savedReply("Your latest order is {order.last.status}");
    const pub = await savedReply("Hello {player.name}, ticket #{ticket.id}");
    const refused = await render(mod, priv, adminTicket.id);
    expect(refused.status).toBe(403);
    expect(await render(admin, priv, (await ticketOf(owner.id)).id).then((r) => r.status)).toBe(403);
    // The twins.
    expect((await render(owner, priv, adminTicket.id)).json.text).toBe("Your latest order is (no orders)");
    expect((await render(mod, pub, adminTicket.id)).json.text).toBe(`Hello ${admin.username}, ticket #${adminTicket.id}`);
    expect((await render(mod, priv, (await ticketOf(player.id)).id)).status).toBe(200);
  });
});

describe("shared addresses", () => {
  const DAY = 86_400_000;
  async function sessionAt(userId: number, ip: string, daysAgo: number) {
    const s = await createBrowserSession(userId, { userAgent: "test", ip });
    const at = new Date(Date.now() - daysAgo * DAY);
    await db.session.update({ where: { id: s.id }, data: { createdAt: at, lastSeenAt: at } });
  }
  const addr = () => `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it("lists the accounts on the player's addresses within the period (sessions and API logins), leaves out ranks out of reach, and audits each look-up", async () => {
    const target = await userWithSession();
    const [a, b, c, modOnIt, bystander] = await Promise.all([
      userWithSession(),
      userWithSession(),
      userWithSession(),
      userWithSession("MODERATOR"),
      userWithSession(),
    ]);
    const home = addr();
    const cafe = addr();
    const old = addr();
    await sessionAt(target.id, home, 1);
    await sessionAt(target.id, cafe, 20);
    await sessionAt(target.id, old, 60);
    await sessionAt(a.id, home, 2); // shares home, recently
    await issueTokenPair(b.id, { userAgent: "api", ip: cafe }); // an API login on the cafe address, now
    await sessionAt(b.id, home, 3);
    await sessionAt(c.id, old, 61); // shares only the old address
    await sessionAt(modOnIt.id, home, 1); // a moderator: out of another moderator's reach
    await sessionAt(bystander.id, addr(), 1);

    const r7 = await lookUp(mod, target.id, { days: 7 });
    expect(r7.status, JSON.stringify(r7.json)).toBe(200);
    expect(r7.json).toMatchObject({ days: 7, addresses: 1 });
    // One address each: the latest use first.
    expect((r7.json.accounts as { id: number; addresses: string[] }[]).map((x) => [x.id, x.addresses])).toEqual([
      [a.id, [home]],
      [b.id, [home]],
    ]);

    const r30 = await lookUp(mod, target.id, { days: 30 });
    expect(r30.json.addresses).toBe(2);
    const accounts30 = r30.json.accounts as { id: number; username: string; addresses: string[]; banned: boolean }[];
    expect(accounts30[0]).toMatchObject({ id: b.id, username: b.username, banned: false });
    expect([...accounts30[0]!.addresses].sort()).toEqual([home, cafe].sort());
    expect(accounts30.map((x) => x.id)).toEqual([b.id, a.id]);

    const r90 = await lookUp(mod, target.id, { days: 90 });
    expect(r90.json.addresses).toBe(3);
    expect((r90.json.accounts as { id: number }[]).map((x) => x.id)).toEqual([b.id, a.id, c.id]);

    // An administrator sees the moderator on the same address too.
    const byAdmin = await lookUp(admin, target.id, { days: 7 });
    expect((byAdmin.json.accounts as { id: number }[]).map((x) => x.id)).toContain(modOnIt.id);

    const audits = await db.auditLog.findMany({ where: { action: "account.shared_addresses_viewed", targetId: String(target.id) }, orderBy: { id: "asc" } });
    expect(audits.map((e) => [e.actorId, (e.data as { after: { days: number; accounts: number } }).after])).toEqual([
      [mod.id, { days: 7, addresses: 1, accounts: 2 }],
      [mod.id, { days: 30, addresses: 2, accounts: 2 }],
      [mod.id, { days: 90, addresses: 3, accounts: 3 }],
      [admin.id, { days: 7, addresses: 1, accounts: 3 }],
    ]);
    expect(audits[0]).toMatchObject({ targetType: "user", ip: expect.any(String) });
  });

  it("refuses a period other than 7, 30 or 90 (400 naming days); refuses players (403) and ranks out of reach (403) with no audit entry", async () => {
    const target = await userWithSession();
    const bad = await lookUp(mod, target.id, { days: 14 });
    expect(bad.status).toBe(400);
    expect(bad.json.days).toEqual(["Choose a period of 7, 30 or 90 days."]);
    expect((await lookUp(player, target.id, { days: 7 })).status).toBe(403);
    expect((await lookUp(mod, admin.id, { days: 7 })).status).toBe(403);
    expect(await db.auditLog.count({ where: { action: "account.shared_addresses_viewed", targetId: { in: [String(target.id), String(admin.id)] } } })).toBe(0);
    // The twins.
    expect((await lookUp(mod, target.id)).json.days).toBe(30);
    expect((await lookUp(owner, admin.id, { days: 7 })).status).toBe(200);
  });
});

describe("report outcomes", () => {
  async function reported() {
    const author = await userWithSession();
    const reporter = await userWithSession();
    const forum = await createForum();
    const t = await startThread(author, forum.id, `Thread ${uid()}`);
    const p = await reply(author, t.id, "<p>rude words</p>");
    const r = await report(reporter, p.id);
    expect(r.status).toBe(201);
    return { author, reporter, thread: t, post: p, id: r.json.id as number };
  }
  const notes = (userId: number) => db.notification.findMany({ where: { userId, type: "report_outcome" }, orderBy: { id: "asc" } });
  const textOf = (n: { data: unknown; count: number }) => notificationText("report_outcome", n.data as Record<string, string>, n.count);

  it("agreed with post hidden: hides the post, records the outcome, tells the reporter", async () => {
    const x = await reported();
    const r = await resolve(mod, x.id, { outcome: "agreed", action: "post_hidden", note: "Thanks, removed." });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.resolved).toMatchObject({ by: mod.username, outcome: "agreed", action: "post_hidden", note: "Thanks, removed." });
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: x.post.id } })).hidden).toBe(true);
    const [n] = await notes(x.reporter.id);
    expect(n).toMatchObject({ link: `/forums/thread/${x.thread.id}` });
    expect(textOf(n!)).toBe(`Staff reviewed your report on a post in “${x.thread.title}”: staff agreed and hid the post. Note: Thanks, removed.`);
    const audits = await auditsOf("forum_post_report", x.id);
    expect(audits.map((a) => a.action)).toEqual(["forum.report.resolve"]);
    expect((audits[0]!.data as { after: unknown }).after).toEqual({ resolved: true, outcome: "agreed", action: "post_hidden", note: "Thanks, removed." });
    expect(await db.auditLog.count({ where: { action: "forum.post.hide", targetId: String(x.post.id) } })).toBe(1);
    // Resolving again with an outcome is refused; nothing more is told.
    expect((await resolve(mod, x.id, { outcome: "disagreed" })).status).toBe(409);
    expect(await notes(x.reporter.id)).toHaveLength(1);
  });

  it("agreed and warned, disagreed, ignored: each recorded and told; the post stays", async () => {
    for (const [body, words] of [
      [{ outcome: "agreed", action: "warned" }, "staff agreed and warned its author"],
      [{ outcome: "disagreed", note: "Banter is allowed." }, "staff found the post within the rules. Note: Banter is allowed."],
      [{ outcome: "ignored" }, "staff closed the report without action"],
    ] as const) {
      const x = await reported();
      const r = await resolve(mod, x.id, body);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const row = await db.forumPostReport.findUniqueOrThrow({ where: { id: x.id } });
      expect(row.outcome).toBe(body.outcome.toUpperCase());
      expect(row.actionTaken).toBe("action" in body ? body.action.toUpperCase() : null);
      expect((await db.forumPost.findUniqueOrThrow({ where: { id: x.post.id } })).hidden).toBe(false);
      const n = await notes(x.reporter.id);
      expect(n).toHaveLength(1);
      expect(textOf(n[0]!)).toContain(words);
    }
  });

  it("the older { resolved: true } still works: agreed, its action read from the post; reopening clears the outcome and a new resolution tells again", async () => {
    const x = await reported();
    const r = await resolve(mod, x.id, { resolved: true });
    expect(r.status).toBe(200);
    expect(r.json.resolved).toMatchObject({ outcome: "agreed", action: "none", note: null });
    expect(textOf((await notes(x.reporter.id))[0]!)).toContain("staff agreed; no further action was needed");
    // Twice: no change, nothing more told.
    expect((await resolve(mod, x.id, { resolved: true })).status).toBe(200);
    expect(await notes(x.reporter.id)).toHaveLength(1);

    const back = await resolve(mod, x.id, { resolved: false });
    expect(back.json.resolved).toBeNull();
    expect(await db.forumPostReport.findUniqueOrThrow({ where: { id: x.id } })).toMatchObject({ outcome: null, actionTaken: null, note: null });
    await db.forumPost.update({ where: { id: x.post.id }, data: { hidden: true } });
    expect((await resolve(mod, x.id, { resolved: true })).json.resolved).toMatchObject({ outcome: "agreed", action: "post_hidden" });
    expect(await notes(x.reporter.id)).toHaveLength(2);
  });

  it("a report made again after an outcome opens with no outcome", async () => {
    const x = await reported();
    await resolve(mod, x.id, { outcome: "disagreed", note: "fine" });
    expect((await report(x.reporter, x.post.id, "Still rude")).json.id).toBe(x.id);
    expect(await db.forumPostReport.findUniqueOrThrow({ where: { id: x.id } })).toMatchObject({ resolvedAt: null, outcome: null, note: null });
  });

  it("bad bodies are 400 naming the field; players are refused (403) and guests (401), changing nothing", async () => {
    const x = await reported();
    expect((await resolve(mod, x.id, { outcome: "agreed" })).json.action).toEqual(["Say what was done: post hidden, warned or none."]);
    expect((await resolve(mod, x.id, { outcome: "ignored", action: "warned" })).json.action).toEqual(["An action goes with the outcome agreed only."]);
    expect((await resolve(mod, x.id, { outcome: "maybe" })).json.outcome).toBeDefined();
    expect((await resolve(mod, x.id, { outcome: "ignored", resolved: true })).json.outcome).toEqual(["Send either resolved (true or false) or an outcome."]);
    expect((await resolve(mod, x.id, { outcome: "ignored", note: "x".repeat(501) })).status).toBe(400);
    expect((await resolve(player, x.id, { outcome: "ignored" })).status).toBe(403);
    expect((await resolve(null, x.id, { outcome: "ignored" })).status).toBe(401);
    expect((await db.forumPostReport.findUniqueOrThrow({ where: { id: x.id } })).resolvedAt).toBeNull();
    expect(await notes(x.reporter.id)).toHaveLength(0);
    // The twin.
    expect((await resolve(mod, x.id, { outcome: "ignored" })).status).toBe(200);
  });

  it("two staff resolving at once: one outcome, one entry, one notification", async () => {
    const x = await reported();
    const answers = await Promise.all([resolve(mod, x.id, { outcome: "agreed", action: "warned" }), resolve(admin, x.id, { outcome: "disagreed" })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditsOf("forum_post_report", x.id)).toHaveLength(1);
    expect(await notes(x.reporter.id)).toHaveLength(1);
  });
});
