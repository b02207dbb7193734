// The staff console's Players area through its real routes: search, a player's
// records, and every action (ban, temporary ban lifting itself, unban, ending sessions, 2FA
// reset, privilege, credits), each audited with actor, target, reason, before and after; and
// who may do what. A file of its own database: it runs queued jobs and counts the owners.
import { describe, expect, it } from "vitest";
import { POST as gameLogin } from "@/app/api/v1/game/login/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { POST as grantRoute } from "@/app/api/v1/staff/credits/route";
import * as ban from "@/app/api/v1/staff/players/[id]/ban/route";
import * as deliveries from "@/app/api/v1/staff/players/[id]/deliveries/route";
import * as endSessions from "@/app/api/v1/staff/players/[id]/end-sessions/route";
import * as ledger from "@/app/api/v1/staff/players/[id]/ledger/route";
import * as posts from "@/app/api/v1/staff/players/[id]/posts/route";
import * as privilege from "@/app/api/v1/staff/players/[id]/privilege/route";
import * as purchases from "@/app/api/v1/staff/players/[id]/purchases/route";
import * as reset2fa from "@/app/api/v1/staff/players/[id]/reset-2fa/route";
import * as player from "@/app/api/v1/staff/players/[id]/route";
import * as unban from "@/app/api/v1/staff/players/[id]/unban/route";
import * as search from "@/app/api/v1/staff/players/route";
import { POST as refreshRoute } from "@/app/api/v1/token/refresh/route";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { staffPlayerOperations } from "@/lib/schemas/staff-players";
import { liftExpiredBan } from "@/lib/server/accounts/lift-expired-ban";
import { db } from "@/lib/server/db";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser, DEFAULT_PASSWORD, uniqueUsername } from "../factories/users";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile } from "../support/smtp-capture";
import { createForum, reply, startThread, userWithSession } from "./forums-fixtures";
import { call, freshClient, handlerOf, SAME_ORIGIN } from "./helpers";

const mailbox = captureMailForFile({ TRUST_PROXY: "true" });

type Handler = Parameters<typeof call>[0];
type Priv = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";

async function staff(p: Priv) {
  const u = await createUser({ privilege: p });
  return { ...u, session: await createSessionToken(u.id) };
}

/** A request as `who` (a session token, or a guest) to a player route. */
function as(session: string | null, opts: { id?: number; body?: unknown; method?: string; query?: string } = {}) {
  const params: Record<string, string> = opts.id ? { id: String(opts.id) } : {};
  return {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    path: `/api/v1/staff/players${opts.id ? `/${opts.id}` : ""}${opts.query ?? ""}`,
    body: opts.body,
    params,
    headers: { ...SAME_ORIGIN, ...freshClient() },
    ...(session ? { cookies: { session } } : {}),
  };
}
const send = (h: Handler, session: string | null, id: number, body: unknown, method = "POST") => call(h, as(session, { id, body, method }));
const auditOf = (userId: number, action: string) =>
  db.auditLog.findMany({ where: { targetType: "user", targetId: String(userId), action }, orderBy: { id: "asc" } });
const tomorrow = () => new Date(Date.now() + 24 * 3600_000);

describe("finding players", () => {
  it("matches a username's start in any case, an email's start and an id; pages with links", async () => {
    const stem = uniqueUsername("Sx").slice(0, 7);
    // Emails that do not start like the usernames, so each kind of match is seen on its own.
    const a = await createUser({ username: `${stem}_Ab`, email: `mail-${stem.toLowerCase()}@example.test` });
    const b = await createUser({ username: `${stem}Cd`, email: `other-${stem.toLowerCase()}@example.test` });
    const other = await createUser();
    const mod = await staff("MODERATOR");
    const names = async (q: string) =>
      ((await call(search.GET, as(mod.session, { query: `?q=${encodeURIComponent(q)}` }))).json.results as { username: string }[]).map((r) => r.username);

    expect((await names(stem.toUpperCase())).sort()).toEqual([a.username, b.username].sort());
    expect(await names(`${stem.toLowerCase()} ab`)).toEqual([a.username]); // '_' and space fold as at login
    expect(await names(`MAIL-${stem.toUpperCase()}@EXAMPLE`)).toEqual([a.username]);
    expect(await names(`mail-${stem.toLowerCase()}@example.test`)).toEqual([a.username]);
    expect(await names(String(other.id))).toContain(other.username);
    expect(await names("no-such-prefix-zz")).toEqual([]);

    const row = ((await call(search.GET, as(mod.session, { query: `?q=${a.id}` }))).json.results as Record<string, unknown>[]).find((r) => r.id === a.id);
    expect(row).toMatchObject({ username: a.username, email: a.email, privilege: "PLAYER", banned: false });
    expect(row).not.toHaveProperty("passwordHash");

    // 25 a page: the 26th account is on page 2, and the links keep the search.
    const many = `${uniqueUsername("Pg").slice(0, 6)}`;
    for (let i = 0; i < 26; i++) await createUser({ username: `${many}${String(i).padStart(2, "0")}` });
    const page1 = await call(search.GET, as(mod.session, { query: `?q=${many}` }));
    expect((page1.json.results as unknown[]).length).toBe(25);
    expect(page1.json.next).toMatch(new RegExp(`/api/v1/staff/players\\?q=${many}&page=2$`));
    const page2 = await call(search.GET, as(mod.session, { query: `?q=${many}&page=2` }));
    expect((page2.json.results as { username: string }[]).map((r) => r.username)).toEqual([`${many}25`]);
  });
});

describe("a temporary ban", () => {
  it("ends sessions at once, refuses site login, token refresh and game login with the reason, and lifts itself at its end", async () => {
    const admin = await staff("ADMINISTRATOR");
    const p = await createUser();
    const session = await createSessionToken(p.id);
    const tokens = await call(tokenRoute, { method: "POST", body: { username: p.username, password: DEFAULT_PASSWORD }, headers: freshClient() });
    expect(tokens.status).toBe(200);
    const game = await createGameKey(["login"]);
    await db.hiscoreStat.create({ data: { userId: p.id, skill: 0, level: 40, experience: 5000n } });
    const hidden = async () => (await db.hiscoreStat.findFirstOrThrow({ where: { userId: p.id } })).hidden;
    const until = tomorrow();

    const r = await send(ban.POST, admin.session, p.id, { reason: "Botting at the fishing guild", until: until.toISOString() });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: p.id, banned: true, bannedUntil: until.toISOString(), banReason: "Botting at the fishing guild" });

    // One audit entry: who, on whom, why, and the ban before and after.
    const [entry, ...more] = await auditOf(p.id, "account.banned");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      data: {
        reason: "Botting at the fishing guild",
        before: { banned: false, bannedUntil: null, banReason: null },
        after: { banned: true, bannedUntil: until.toISOString(), banReason: "Botting at the fishing guild" },
      },
    });

    expect((await call(userRoute, { cookies: { session } })).status).toBe(401);
    expect(await hidden()).toBe(true);
    const login = await call(loginRoute, { method: "POST", body: { username: p.username, password: DEFAULT_PASSWORD }, headers: freshClient() });
    expect(login.status).toBe(403);
    expect(login.json.details).toContain("Botting at the fishing guild");
    expect(login.json.details).toContain("until");
    const refreshed = await call(refreshRoute, { method: "POST", body: { refresh: tokens.json.refresh }, headers: freshClient() });
    expect(refreshed.status).toBe(403);
    expect(refreshed.json.details).toContain("Botting at the fishing guild");
    const inGame = await call(gameLogin, { method: "POST", headers: game.headers, body: { username: p.username, password: DEFAULT_PASSWORD } });
    expect(inGame.json).toMatchObject({ ok: false, reason: "banned", ban_reason: "Botting at the fishing guild" });

    // Its lifting is queued for its end.
    const [job] = await queuedJobs("lift-ban");
    expect(job).toMatchObject({ payload: { userId: p.id } });
    expect(Math.abs(job!.run_at.getTime() - until.getTime())).toBeLessThan(1000);
    expect(await liftExpiredBan(p.id)).toBe("not-due");

    // Time passes: once the end is behind it the ban no longer counts, even before the job runs ...
    await db.user.update({ where: { id: p.id }, data: { bannedUntil: new Date(Date.now() - 1000) } });
    expect((await call(loginRoute, { method: "POST", body: { username: p.username, password: DEFAULT_PASSWORD }, headers: freshClient() })).status).toBe(200);
    // ... and the job, when due, clears it and writes the system's audit entry.
    await db.$executeRaw`SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at => now()) FROM graphile_worker.jobs WHERE task_identifier = 'lift-ban'`;
    await runJobsUntilIdle();
    expect(await db.user.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ bannedAt: null, bannedUntil: null, banReason: null });
    const [lifted] = await auditOf(p.id, "account.ban_expired");
    expect(lifted).toMatchObject({
      actorId: null,
      actorLabel: "system",
      data: { reason: "The temporary ban ended.", before: { banned: true, banReason: "Botting at the fishing guild" }, after: { banned: false } },
    });
    expect(await queuedJobs("lift-ban")).toEqual([]);
    expect(await hidden()).toBe(false); // back on the hiscores
    const gameAgain = await call(gameLogin, { method: "POST", headers: game.headers, body: { username: p.username, password: DEFAULT_PASSWORD } });
    expect(gameAgain.json).toMatchObject({ ok: true });
  });

  it("leaves a ban alone when its job finds it lifted, made permanent or moved later", async () => {
    const admin = await staff("ADMINISTRATOR");
    const p = await createUser();
    await send(ban.POST, admin.session, p.id, { reason: "first ban", until: tomorrow().toISOString() });
    expect((await send(ban.POST, admin.session, p.id, { reason: "now for good" })).json).toMatchObject({ banned: true, bannedUntil: null });
    expect(await liftExpiredBan(p.id, new Date(Date.now() + 2 * 24 * 3600_000))).toBe("not-banned");
    expect(await db.user.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ banReason: "now for good", bannedUntil: null });
  });
});

describe("bans, unbans and sessions by rank", () => {
  it("lets a moderator ban and unban a player, audited, with the reason required", async () => {
    const mod = await staff("MODERATOR");
    const p = await createUser();
    const session = await createSessionToken(p.id);
    const missing = await send(ban.POST, mod.session, p.id, { reason: " " });
    expect(missing.status).toBe(400);
    expect(missing.json.reason).toBeDefined();
    expect((await send(ban.POST, mod.session, p.id, { reason: "x", until: new Date(Date.now() - 60_000).toISOString() })).json.until).toBeDefined();

    expect((await send(ban.POST, mod.session, p.id, { reason: "Real-world trading" })).json).toMatchObject({ banned: true, bannedUntil: null });
    expect((await call(userRoute, { cookies: { session } })).status).toBe(401);
    expect((await send(ban.POST, mod.session, mod.id, { reason: "oops" })).status).toBe(403); // a moderator is staff

    const un = await send(unban.POST, mod.session, p.id, { reason: "Appeal accepted" });
    expect(un.status).toBe(200);
    expect(un.json).toMatchObject({ banned: false, banReason: null });
    expect((await send(unban.POST, mod.session, p.id, { reason: "again" })).status).toBe(409);
    const [entry] = await auditOf(p.id, "account.unbanned");
    expect(entry).toMatchObject({
      actorId: mod.id,
      data: { reason: "Appeal accepted", before: { banned: true, banReason: "Real-world trading" }, after: { banned: false, banReason: null } },
    });
    expect((await call(loginRoute, { method: "POST", body: { username: p.username, password: DEFAULT_PASSWORD }, headers: freshClient() })).status).toBe(200);
  });

  it("refuses a moderator acting on staff (403, nothing written); an administrator may, but not on an owner", async () => {
    const mod = await staff("MODERATOR");
    const admin = await staff("ADMINISTRATOR");
    const target = await staff("MODERATOR");
    const owner = await createUser({ privilege: "OWNER" });
    for (const [h, body] of [
      [ban.POST, { reason: "no reach" }],
      [unban.POST, { reason: "no reach" }],
      [endSessions.POST, { reason: "no reach" }],
    ] as const) {
      const r = await send(h, mod.session, target.id, body);
      expect(r.status).toBe(403);
      expect(r.json.details).toBe(
        "Only a rank above moderator may " + (h === ban.POST ? "ban" : h === unban.POST ? "unban" : "end the sessions of") + " a moderator.",
      );
    }
    expect(await db.auditLog.count({ where: { actorId: mod.id } })).toBe(0);
    expect((await call(userRoute, { cookies: { session: target.session } })).status).toBe(200);

    // The positive twin: an administrator bans the same moderator.
    expect((await send(ban.POST, admin.session, target.id, { reason: "abused the mute command" })).status).toBe(200);
    expect((await call(userRoute, { cookies: { session: target.session } })).status).toBe(401);
    expect((await send(ban.POST, admin.session, owner.id, { reason: "no reach" })).status).toBe(403);
    expect((await db.user.findUniqueOrThrow({ where: { id: owner.id } })).bannedAt).toBeNull();
  });

  it("ends all of a player's sessions and API logins, audited with how many", async () => {
    const mod = await staff("MODERATOR");
    const p = await createUser();
    const [s1, s2] = [await createSessionToken(p.id), await createSessionToken(p.id)];
    expect((await call(tokenRoute, { method: "POST", body: { username: p.username, password: DEFAULT_PASSWORD }, headers: freshClient() })).status).toBe(200);
    const shown = await call(player.GET, as(mod.session, { id: p.id }));
    expect((shown.json.sessions as { kind: string }[]).map((s) => s.kind).sort()).toEqual(["api", "browser", "browser"]);

    const r = await send(endSessions.POST, mod.session, p.id, { reason: "Account shared with a gold seller" });
    expect(r.json).toEqual({ ended: 3 });
    for (const s of [s1, s2]) expect((await call(userRoute, { cookies: { session: s } })).status).toBe(401);
    expect((await call(player.GET, as(mod.session, { id: p.id }))).json.sessions).toEqual([]);
    const [entry] = await auditOf(p.id, "account.sessions_ended");
    expect(entry).toMatchObject({
      actorId: mod.id,
      data: { reason: "Account shared with a gold seller", before: { openSessions: 3 }, after: { openSessions: 0 } },
    });
  });
});

describe("2FA reset", () => {
  it("turns 2FA off, deletes the recovery codes, emails the player through the queue, and is for administrators", async () => {
    const [mod, admin] = [await staff("MODERATOR"), await staff("ADMINISTRATOR")];
    const p = await createUser();
    await db.user.update({ where: { id: p.id }, data: { totpSecretEnc: "iv.tag.data", totpEnabledAt: new Date(), totpLastStep: 1n } });
    await db.recoveryCode.createMany({
      data: [
        { userId: p.id, codeHash: `h1-${p.id}` },
        { userId: p.id, codeHash: `h2-${p.id}` },
      ],
    });

    expect((await send(reset2fa.POST, mod.session, p.id, { reason: "lost phone" })).status).toBe(403);
    const r = await send(reset2fa.POST, admin.session, p.id, { reason: "Lost phone; identity checked on ticket #41" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ twoFactor: false });
    expect(await db.user.findUniqueOrThrow({ where: { id: p.id }, omit: { totpSecretEnc: false } })).toMatchObject({
      totpSecretEnc: null,
      totpEnabledAt: null,
      totpLastStep: null,
    });
    expect(await db.recoveryCode.count({ where: { userId: p.id } })).toBe(0);
    const [entry] = await auditOf(p.id, "2fa.reset_by_staff");
    expect(entry).toMatchObject({
      actorId: admin.id,
      data: { reason: "Lost phone; identity checked on ticket #41", before: { twoFactor: true }, after: { twoFactor: false } },
    });

    await runJobsUntilIdle();
    const mail = await mailbox().latestTo(p.email);
    expect(mail.subject).toMatch(/Two-factor authentication was turned off/);
    expect(mail.body).toContain(p.username);
    expect((await send(reset2fa.POST, admin.session, p.id, { reason: "twice" })).status).toBe(409);
  });
});

describe("privileges", () => {
  it("lets an owner promote and demote, audited; administrators may not", async () => {
    const [admin, owner] = [await staff("ADMINISTRATOR"), await staff("OWNER")];
    const p = await createUser();
    expect((await send(privilege.PUT, admin.session, p.id, { privilege: "MODERATOR", reason: "trusted" }, "PUT")).status).toBe(403);
    const r = await send(privilege.PUT, owner.session, p.id, { privilege: "MODERATOR", reason: "Helps in the help chat every day" }, "PUT");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ privilege: "MODERATOR" });
    expect((await send(privilege.PUT, owner.session, p.id, { privilege: "MODERATOR", reason: "again" }, "PUT")).status).toBe(409);
    expect((await send(privilege.PUT, owner.session, p.id, { privilege: "GOD", reason: "x y z" }, "PUT")).json.privilege).toBeDefined();
    const [entry] = await auditOf(p.id, "account.privilege_set");
    expect(entry).toMatchObject({
      actorId: owner.id,
      data: { reason: "Helps in the help chat every day", before: { privilege: "PLAYER" }, after: { privilege: "MODERATOR" } },
    });
  });

  it("never demotes the last owner, even with two demotions at once", async () => {
    // This database is the file's own: make the owners this test's alone.
    await db.user.updateMany({ where: { privilege: "OWNER" }, data: { privilege: "ADMINISTRATOR" } });
    const a = await staff("OWNER");
    // Through the console nobody changes their own privilege, so a lone owner cannot step down there.
    const alone = await send(privilege.PUT, a.session, a.id, { privilege: "ADMINISTRATOR", reason: "stepping down" }, "PUT");
    expect(alone.status).toBe(403);
    expect(alone.json.details).toBe("You cannot change your own privilege: another owner must.");
    expect((await db.user.findUniqueOrThrow({ where: { id: a.id } })).privilege).toBe("OWNER");

    for (let round = 0; round < 3; round++) {
      const b = await staff("OWNER");
      const owners = await db.user.findMany({ where: { privilege: "OWNER" }, select: { id: true } });
      expect(owners.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
      // Two demotions at the same moment, each of which alone would leave one owner: one may
      // pass, never both. `a` steps down and demotes `b` at once (the second request's count
      // must not be taken before the first commits) ...
      const both = await Promise.all([
        send(privilege.PUT, a.session, b.id, { privilege: "PLAYER", reason: "race" }, "PUT"),
        send(privilege.PUT, a.session, a.id, { privilege: "ADMINISTRATOR", reason: "race" }, "PUT"),
      ]);
      expect(both.filter((r) => r.status === 200)).toHaveLength(1);
      expect(both.find((r) => r.status !== 200)!.status).toBeOneOf([403, 409]);
      expect(await db.user.count({ where: { privilege: "OWNER" } })).toBe(1);
      // ... and, put back, each demotes the other (the loser is refused, 409 or 403, never a 500).
      await db.user.updateMany({ where: { id: { in: [a.id, b.id] } }, data: { privilege: "OWNER" } });
      const crossed = await Promise.all([
        send(privilege.PUT, a.session, b.id, { privilege: "PLAYER", reason: "race" }, "PUT"),
        send(privilege.PUT, b.session, a.id, { privilege: "PLAYER", reason: "race" }, "PUT"),
      ]);
      const statuses = crossed.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200)[0]).toBeOneOf([403, 409]);
      expect(await db.user.count({ where: { privilege: "OWNER" } })).toBe(1);
      // `a` alone is the owner for the next round.
      await db.user.update({ where: { id: a.id }, data: { privilege: "OWNER" } });
      await db.user.update({ where: { id: b.id }, data: { privilege: "PLAYER" } });
    }
  });
});

describe("credits from the player's page", () => {
  it("shows a grant in the ledger with the new balance, and the audit entry has before and after", async () => {
    const admin = await staff("ADMINISTRATOR");
    const p = await createUser();
    const g = await call(grantRoute, {
      method: "POST",
      cookies: { session: admin.session },
      headers: SAME_ORIGIN,
      body: { username: p.username, amount: 100, reason: "Ticket #7: 1M OSRS gold" },
    });
    expect(g.json).toMatchObject({ balance: 100, applied: true });
    const lines = await call(ledger.GET, as(admin.session, { id: p.id }));
    expect(lines.json.results).toEqual([
      expect.objectContaining({ delta: 100, balanceAfter: 100, kind: "ADJUSTMENT", note: "Ticket #7: 1M OSRS gold", actor: admin.username }),
    ]);
    expect((await call(player.GET, as(admin.session, { id: p.id }))).json).toMatchObject({ storeCredits: 100 });
    const [entry] = await auditOf(p.id, "credits.granted");
    expect(entry).toMatchObject({ actorId: admin.id, data: { reason: "Ticket #7: 1M OSRS gold", before: { balance: 0 }, after: { balance: 100 } } });
  });
});

describe("a player's records", () => {
  it("lists purchases with the provider events that name them, deliveries with their state, and forum posts with links", async () => {
    const admin = await staff("ADMINISTRATOR");
    const p = await userWithSession();
    const pkg = await db.creditPackage.create({ data: { credits: 500, priceCents: 500, imageUrl: "/x.png" } });
    const paid = await db.creditPurchase.create({
      data: {
        userId: p.id,
        creditPackageId: pkg.id,
        method: "STRIPE",
        status: "PAID",
        providerRef: `pi_${p.id}_1`,
        credits: 500,
        bonusCredits: 0,
        amountCents: 500,
      },
    });
    const twin = await db.creditPurchase.create({
      data: {
        userId: p.id,
        creditPackageId: pkg.id,
        method: "STRIPE",
        status: "PENDING",
        providerRef: `pi_${p.id}_10`,
        credits: 500,
        bonusCredits: 0,
        amountCents: 500,
      },
    });
    await db.webhookEvent.create({
      data: {
        provider: "STRIPE",
        eventId: `evt_${p.id}_a`,
        type: "payment_intent.succeeded",
        payload: { data: { object: { id: `pi_${p.id}_1` } } },
        processedAt: new Date(),
      },
    });
    await db.webhookEvent.create({
      data: { provider: "STRIPE", eventId: `evt_${p.id}_b`, type: "charge.refunded", payload: { data: { object: { payment_intent: `pi_${p.id}_1` } } } },
    });
    await db.webhookEvent.create({
      data: { provider: "STRIPE", eventId: `evt_${p.id}_c`, type: "payment_intent.payment_failed", payload: { data: { object: { id: `pi_${p.id}_10` } } } },
    });
    await db.webhookEvent.create({
      data: { provider: "PAYPAL", eventId: `WH-${p.id}`, type: "PAYMENT.CAPTURE.COMPLETED", payload: { resource: { id: `pi_${p.id}_1` } } },
    });
    const rows = (await call(purchases.GET, as(admin.session, { id: p.id }))).json.results as { id: number; events: { eventId: string }[] }[];
    expect(rows.map((r) => r.id)).toEqual([twin.id, paid.id]);
    // pi_…_10 is not pi_…_1 (whole values only), and another provider's event is not this one's.
    expect(rows[1]!.events.map((e) => e.eventId)).toEqual([`evt_${p.id}_a`, `evt_${p.id}_b`]);
    expect(rows[0]!.events.map((e) => e.eventId)).toEqual([`evt_${p.id}_c`]);

    const kinds = ["PENDING", "LEASED", "DELIVERED", "CANCELED"] as const;
    for (const status of kinds) await db.gameDelivery.create({ data: { userId: p.id, kind: "STORE_ITEM", status, payload: { itemId: 4151, quantity: 1 } } });
    const listed = (await call(deliveries.GET, as(admin.session, { id: p.id }))).json.results as { status: string; payload: unknown }[];
    expect(listed.map((d) => d.status)).toEqual([...kinds].reverse());
    expect(listed[0]!.payload).toEqual({ itemId: 4151, quantity: 1 });

    const forum = await createForum();
    const thread = await startThread(p, forum.id, "My first thread");
    const post = await reply(p, thread.id);
    const shown = (await call(posts.GET, as(admin.session, { id: p.id }))).json.results as { id: number; href: string; threadTitle: string }[];
    expect(shown[0]).toMatchObject({ id: post.id, threadTitle: "My first thread", href: `/forums/thread/${thread.id}#post-${post.id}` });

    // Moderators read the player but not the payments; an unknown id is a 404.
    const mod = await staff("MODERATOR");
    expect((await call(purchases.GET, as(mod.session, { id: p.id }))).status).toBe(403);
    expect((await call(deliveries.GET, as(mod.session, { id: p.id }))).status).toBe(200);
    expect((await call(player.GET, as(mod.session, { id: 2_000_000_000 }))).status).toBe(404);
    expect((await call(ledger.GET, as(mod.session, { id: 2_000_000_000 }))).status).toBe(404);
  });
});

describe("who may call the Players API", () => {
  const VALID: Record<string, unknown> = {
    ban: { reason: "forbidden" },
    unban: { reason: "forbidden" },
    "end-sessions": { reason: "forbidden" },
    "shared-addresses": { days: 7 },
    "reset-2fa": { reason: "forbidden" },
    privilege: { privilege: "OWNER", reason: "forbidden" },
  };
  const MIN: Record<string, Priv> = { moderator: "MODERATOR", administrator: "ADMINISTRATOR", owner: "OWNER" };
  const RANK: Priv[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];

  it("needs the privilege each operation is for", () => {
    expect(Object.fromEntries(staffPlayerOperations.map((op) => [`${op.method} ${op.path}`, op.auth]))).toEqual({
      "GET /api/v1/staff/players": "moderator",
      "GET /api/v1/staff/players/{id}": "moderator",
      "GET /api/v1/staff/players/{id}/ledger": "moderator",
      "GET /api/v1/staff/players/{id}/purchases": "administrator",
      "GET /api/v1/staff/players/{id}/orders": "moderator",
      "GET /api/v1/staff/players/{id}/deliveries": "moderator",
      "GET /api/v1/staff/players/{id}/votes": "moderator",
      "GET /api/v1/staff/players/{id}/vote-callbacks": "moderator",
      "GET /api/v1/staff/players/{id}/tickets": "moderator",
      "GET /api/v1/staff/players/{id}/posts": "moderator",
      "GET /api/v1/staff/players/{id}/progress": "moderator",
      "POST /api/v1/staff/players/{id}/ban": "moderator",
      "POST /api/v1/staff/players/{id}/unban": "moderator",
      "POST /api/v1/staff/players/{id}/end-sessions": "moderator",
      "POST /api/v1/staff/players/{id}/shared-addresses": "moderator",
      "POST /api/v1/staff/players/{id}/reset-2fa": "administrator",
      "PUT /api/v1/staff/players/{id}/privilege": "owner",
      "GET /api/v1/staff/audit": "administrator",
    });
  });

  it("answers a guest 401, and anyone below the operation's privilege 403, writing nothing", async () => {
    const target = await createUser();
    const callers: Array<{ who: Priv | null; session: string | null; id: number | null }> = [{ who: null, session: null, id: null }];
    for (const p of ["PLAYER", "MODERATOR", "ADMINISTRATOR"] as const) {
      const u = await staff(p);
      callers.push({ who: p, session: u.session, id: u.id });
    }
    let refused = 0;
    for (const op of staffPlayerOperations) {
      const h = await handlerOf(op);
      const segment = op.path.split("/").pop()!;
      for (const c of callers) {
        const allowed = c.who !== null && RANK.indexOf(c.who) >= RANK.indexOf(MIN[op.auth]!);
        if (allowed) continue;
        const r = await call(h, {
          method: op.method,
          path: op.path.replace("{id}", String(target.id)),
          params: op.path.includes("{id}") ? { id: String(target.id) } : {},
          body: op.method === "GET" ? undefined : VALID[segment],
          headers: SAME_ORIGIN,
          ...(c.session ? { cookies: { session: c.session } } : {}),
        });
        expect(r.status, `${c.who ?? "guest"} ${op.method} ${op.path}`).toBe(c.who === null ? 401 : 403);
        refused += 1;
      }
    }
    // Every operation refused someone; moderators were refused the administrator and owner ones.
    expect(refused).toBeGreaterThanOrEqual(staffPlayerOperations.length * 2);
    for (const c of callers) if (c.id) expect(await db.auditLog.count({ where: { actorId: c.id } })).toBe(0);
    expect(await db.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ bannedAt: null, privilege: "PLAYER" });
  });
});
