// Moderation by the rules (lib/server/punishments, docs/staff.md "Punishments") through the real
// routes: the ladder's proposed step, mutes refused at forum and ticket writes (with the appeal
// ticket allowed), address bans at registration and login, the game's feed under concurrent
// claims, the history and notes by rank, the audit entries, and bans kept as punishments.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as gameLogin from "@/app/api/v1/game/login/route";
import * as feedAck from "@/app/api/v1/game/punishments/ack/route";
import * as feedClaim from "@/app/api/v1/game/punishments/claim/route";
import * as threads from "@/app/api/v1/forums/threads/route";
import * as posts from "@/app/api/v1/forums/posts/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import * as ban from "@/app/api/v1/staff/players/[id]/ban/route";
import * as notes from "@/app/api/v1/staff/players/[id]/notes/route";
import * as proposals from "@/app/api/v1/staff/players/[id]/punishments/proposals/route";
import * as punishments from "@/app/api/v1/staff/players/[id]/punishments/route";
import * as unban from "@/app/api/v1/staff/players/[id]/unban/route";
import * as unmute from "@/app/api/v1/staff/players/[id]/unmute/route";
import * as ticketComments from "@/app/api/v1/tickets/comments/route";
import * as tickets from "@/app/api/v1/tickets/route";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { POST as register } from "@/app/api/v1/users/route";
import { liftExpiredBan } from "@/lib/server/accounts/lift-expired-ban";
import { db } from "@/lib/server/db";
import { liftExpiredMute } from "@/lib/server/punishments/lift-expired-mute";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser, DEFAULT_PASSWORD, uniqueUsername } from "../factories/users";
import { setEnv } from "../support/env";
import { queuedJobs } from "../support/jobs";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { createForum, startThread } from "./forums-fixtures";

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ CAPTCHA_PROVIDER: "off", EMAIL_CONFIRMATION: "false", TRUST_PROXY: "true" });
});
afterAll(() => restore());

type Handler = Parameters<typeof call>[0];
type Priv = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";

async function member(p: Priv = "PLAYER") {
  const u = await createUser({ privilege: p });
  return { ...u, session: await createSessionToken(u.id) };
}
type Member = Awaited<ReturnType<typeof member>>;

/** A request as `who` on player `id`'s staff route. */
function onPlayer(who: Member, id: number, opts: { body?: unknown; path?: string } = {}) {
  return {
    method: opts.body === undefined ? "GET" : "POST",
    path: `/api/v1/staff/players/${id}${opts.path ?? ""}`,
    body: opts.body,
    params: { id: String(id) },
    headers: { ...SAME_ORIGIN, ...freshClient() },
    cookies: { session: who.session },
  };
}
/** A player's own request, from `ip` (or an address of its own). */
function asPlayer(who: Member, body: unknown, ip?: string) {
  return { method: "POST", body, headers: { ...SAME_ORIGIN, ...freshClient(), ...(ip ? { "x-forwarded-for": ip } : {}) }, cookies: { session: who.session } };
}

const punish = (mod: Member, id: number, body: Record<string, unknown>) =>
  call(punishments.POST, onPlayer(mod, id, { path: "/punishments", body: { message: "Mind the rules.", reason: "Seen in chat", ...body } }));
const auditOf = (userId: number, action: string) =>
  db.auditLog.findMany({ where: { targetType: "user", targetId: String(userId), action }, orderBy: { id: "asc" } });

describe("the ladder's proposal", () => {
  it("proposes the third rung for a third offence of a rule, counting that rule's punishments only (warnings left out)", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const proposalFor = async (rule: string) => {
      const r = await call(proposals.GET, onPlayer(mod, p.id, { path: "/punishments/proposals" }));
      expect(r.status).toBe(200);
      return (r.json.proposals as { rule: string; step: number; previousOffences: number; kind: string; duration: string; penalty: string }[]).find(
        (x) => x.rule === rule,
      )!;
    };
    expect(await proposalFor("spam")).toMatchObject({ step: 1, previousOffences: 0, kind: "MUTE", duration: "24h", penalty: "24-hour mute" });
    expect((await punish(mod, p.id, { rule: "spam", step: 1, kind: "MUTE", duration: "24h" })).status).toBe(201);
    // A warning under the rule and a punishment under another rule do not move the spam ladder.
    expect((await punish(mod, p.id, { rule: "spam", kind: "WARNING" })).status).toBe(201);
    expect((await punish(mod, p.id, { rule: "respect", step: 1, kind: "MUTE", duration: "24h" })).status).toBe(201);
    expect(await proposalFor("spam")).toMatchObject({ step: 2, previousOffences: 1, kind: "MUTE", duration: "48h" });
    const second = await punish(mod, p.id, { rule: "spam", step: 2, kind: "MUTE", duration: "48h" });
    expect(second.status).toBe(201);
    // Third offence → third rung: a 48-hour ban.
    expect(await proposalFor("spam")).toMatchObject({ step: 3, previousOffences: 2, kind: "BAN", duration: "48h", penalty: "48-hour ban" });
    const third = await punish(mod, p.id, { rule: "spam", step: 3, kind: "BAN", duration: "48h", message: "Third time spamming." });
    expect(third.status).toBe(201);
    expect(third.json).toMatchObject({ kind: "BAN", rule: "spam", step: 3, message: "Third time spamming.", note: "Seen in chat", state: "in force" });
    // The ban is the account's ban: its columns mirror it, sessions ended, lift job queued.
    const row = await db.user.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.banReason).toBe("Third time spamming.");
    expect(row.bannedUntil?.toISOString()).toBe(third.json.endsAt);
    expect(await db.session.count({ where: { userId: p.id, revokedAt: null } })).toBe(0);
    expect((await queuedJobs("lift-ban")).some((j) => (j.payload as { userId: number }).userId === p.id)).toBe(true);
    // Past the end of the ladder its last rung stays.
    await punish(mod, p.id, { rule: "spam", step: 4, kind: "BAN" });
    await punish(mod, p.id, { rule: "spam", step: 4, kind: "BAN" });
    expect(await proposalFor("spam")).toMatchObject({ step: 4, previousOffences: 5, kind: "BAN", duration: "permanent" });
    // One open ban at a time: each new one replaced the one before.
    expect(await db.punishment.count({ where: { userId: p.id, kind: "BAN", liftedAt: null } })).toBe(1);
  });

  it("refuses a step past the ladder, a step without a rule and an address ban without an address, writing nothing", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const bad = [
      await punish(mod, p.id, { rule: "doxing", step: 2, kind: "ADDRESS_BAN", address: "203.0.113.9" }),
      await punish(mod, p.id, { step: 1, kind: "MUTE" }),
      await punish(mod, p.id, { rule: "doxing", kind: "ADDRESS_BAN" }),
      await punish(mod, p.id, { kind: "MUTE", address: "203.0.113.9" }),
    ];
    expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    expect(bad.map((r) => Object.keys(r.json).filter((k) => k !== "details"))).toEqual([["step"], ["step"], ["address"], ["address"]]);
    expect(await db.punishment.count({ where: { userId: p.id } })).toBe(0);
    // The twin: the same address ban with its address.
    expect((await punish(mod, p.id, { rule: "doxing", step: 1, kind: "ADDRESS_BAN", address: "203.0.113.9" })).status).toBe(201);
  });
});

describe("a mute", () => {
  it("refuses forum threads, posts and ticket replies with a 403 naming the mute and its end; an appeal ticket still takes replies", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const forum = await createForum();
    const thread = await startThread(p, forum.id);
    const openTicket = async (type: string) => {
      const r = await call(tickets.POST, asPlayer(p, { type, title: `A ${type} ticket`, description: "Please look." }));
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      return r.json.id as number;
    };
    const support = await openTicket("WEBSITE_SUPPORT");
    const postReply = () => call(posts.POST, asPlayer(p, { thread_id: thread.id, content: "<p>Still talking</p>" }));
    const newThread = () => call(threads.POST, asPlayer(p, { forum_id: forum.id, title: "Another", content: "<p>Words</p>" }));
    const ticketReply = (ticket: number) => call(ticketComments.POST, asPlayer(p, { ticket, content: "More words" }));

    // Not muted: all allowed.
    expect((await postReply()).status).toBe(201);
    expect((await newThread()).status).toBe(201);
    expect((await ticketReply(support)).status).toBe(201);

    const muted = await punish(mod, p.id, { rule: "spam", step: 1, kind: "MUTE", duration: "24h", message: "Spamming the trade forum." });
    expect(muted.status).toBe(201);
    const before = await db.forumPost.count({ where: { userId: p.id } });
    for (const r of [await postReply(), await newThread(), await ticketReply(support)]) {
      expect(r.status).toBe(403);
      expect(r.json.details).toMatch(/^You are muted until .+ \(UTC\): Spamming the trade forum\./);
    }
    expect(await db.forumPost.count({ where: { userId: p.id } })).toBe(before);
    // Opening an appeal and replying on it still work.
    const appeal = await openTicket("MUTE_APPEAL");
    expect((await ticketReply(appeal)).status).toBe(201);

    // Lifted: writing works again, and the game hears of it.
    expect((await call(unmute.POST, onPlayer(mod, p.id, { path: "/unmute", body: { reason: "Appeal granted" } }))).status).toBe(200);
    expect((await postReply()).status).toBe(201);
    expect((await ticketReply(support)).status).toBe(201);
    expect((await call(unmute.POST, onPlayer(mod, p.id, { path: "/unmute", body: { reason: "Again" } }))).status).toBe(409);
    const [lifted] = await auditOf(p.id, "punishment.lifted");
    expect(lifted).toMatchObject({ actorId: mod.id, data: { reason: "Appeal granted", before: { openMute: muted.json.id }, after: { openMute: null } } });
  });

  it("ends by itself: the check ignores a passed end at once, and the lift-mute job closes it as expired", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const forum = await createForum();
    const thread = await startThread(p, forum.id);
    const m = await punish(mod, p.id, { kind: "MUTE", duration: "24h" });
    const muteId = m.json.id as number;
    expect((await queuedJobs("lift-mute")).some((j) => (j.payload as { userId: number }).userId === p.id)).toBe(true);
    // Not due yet: nothing changes.
    expect(await liftExpiredMute(p.id)).toBe("not-due");
    await db.punishment.update({ where: { id: muteId }, data: { endsAt: new Date(Date.now() - 1000) } });
    expect((await call(posts.POST, asPlayer(p, { thread_id: thread.id, content: "<p>Back</p>" }))).status).toBe(201);
    expect(await liftExpiredMute(p.id)).toBe("lifted");
    expect(await db.punishment.findUniqueOrThrow({ where: { id: muteId } })).toMatchObject({ liftedByLabel: "system" });
    expect(await db.punishmentEvent.findMany({ where: { punishmentId: muteId }, select: { type: true }, orderBy: { id: "asc" } })).toEqual([
      { type: "APPLIED" },
      { type: "EXPIRED" },
    ]);
    expect(await auditOf(p.id, "punishment.expired")).toHaveLength(1);
    expect(await liftExpiredMute(p.id)).toBe("not-muted");
  });

  it("is carried by the game's login answer", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const { headers } = await createGameKey(["login"]);
    const login = () => call(gameLogin.POST, { method: "POST", headers, body: { username: p.username, password: DEFAULT_PASSWORD, ip: "198.51.100.20" } });
    expect((await login()).json).toMatchObject({ ok: true, player: { mute: null } });
    await punish(mod, p.id, { kind: "MUTE", message: "Yelling." });
    expect((await login()).json).toMatchObject({ ok: true, player: { mute: { until: null, message: "Yelling." } } });
  });
});

describe("an address ban", () => {
  it("refuses registration and login (site, API and game) from its address; other addresses are let in", async () => {
    const mod = await member("MODERATOR");
    const target = await member();
    const other = await createUser();
    const banned = `203.0.113.${10 + Math.floor(Math.random() * 200)}`;
    const free = "198.51.100.77";
    const r = await punish(mod, target.id, { rule: "hacking-threats", step: 1, kind: "ADDRESS_BAN", address: banned, message: "Threats." });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ kind: "ADDRESS_BAN", address: banned, endsAt: null });

    const reg = (ip: string) => {
      const username = uniqueUsername("ab");
      return call(register, {
        method: "POST",
        headers: { ...SAME_ORIGIN, "x-forwarded-for": ip },
        body: { username, email: `${username}@test.example`, password: "Ember!x91z", password_confirmation: "Ember!x91z", captchaToken: "unused" },
      });
    };
    const site = (h: Handler, ip: string) =>
      call(h, { method: "POST", headers: { ...SAME_ORIGIN, "x-forwarded-for": ip }, body: { username: other.username, password: DEFAULT_PASSWORD } });
    const { headers } = await createGameKey(["login"]);
    const game = (ip: string) => call(gameLogin.POST, { method: "POST", headers, body: { username: other.username, password: DEFAULT_PASSWORD, ip } });

    const refusedReg = await reg(banned);
    expect(refusedReg.status).toBe(403);
    expect(refusedReg.json.details).toMatch(/network address .*banned/);
    expect((await site(loginRoute, banned)).status).toBe(403);
    expect((await site(tokenRoute, banned)).status).toBe(403);
    // IPv4-mapped IPv6 is the same address.
    expect((await site(loginRoute, `::ffff:${banned}`)).status).toBe(403);
    expect((await game(banned)).json).toMatchObject({ ok: false, reason: "address_banned" });
    // Twins from another address.
    expect((await reg(free)).status).toBe(201);
    expect((await site(loginRoute, free)).status).toBe(200);
    expect((await site(tokenRoute, free)).status).toBe(200);
    expect((await game(free)).json).toMatchObject({ ok: true });
    // The target's own account is banned too; lifting the ban (unban) frees the address.
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).banReason).toBe("Threats.");
    expect((await call(unban.POST, onPlayer(mod, target.id, { path: "/unban", body: { reason: "Mistaken identity" } }))).status).toBe(200);
    expect((await site(loginRoute, banned)).status).toBe(200);
  });
});

describe("the game's punishment feed", () => {
  it("hands each punishment and its lifting out exactly once to concurrent claims, and again only after a lease ran out", async () => {
    // Earlier tests' events are out of the way.
    await db.punishmentEvent.updateMany({ where: { status: { not: "DELIVERED" } }, data: { status: "DELIVERED" } });
    const mod = await member("MODERATOR");
    const players = await Promise.all([member(), member(), member()]);
    const ids: number[] = [];
    for (const p of players) ids.push((await punish(mod, p.id, { rule: "spam", step: 1, kind: "MUTE", duration: "24h" })).json.id as number);
    // One ban lifted by staff: applied, then lifted.
    const banned = await member();
    expect((await call(ban.POST, onPlayer(mod, banned.id, { path: "/ban", body: { reason: "Botting" } }))).status).toBe(200);
    expect((await call(unban.POST, onPlayer(mod, banned.id, { path: "/unban", body: { reason: "Not a bot" } }))).status).toBe(200);

    const { headers } = await createGameKey(["punishments"]);
    const other = await createGameKey(["deliveries"]);
    expect((await call(feedClaim.POST, { method: "POST", headers: other.headers, body: {} })).status).toBe(403);
    const claimOnce = (limit: number) => call(feedClaim.POST, { method: "POST", headers, body: { lease_seconds: 30, limit } });
    type Ev = { id: number; type: string; punishment: Record<string, unknown> };
    // Eight game servers polling at once, each asking for everything.
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimOnce(100)));
    expect(claims.map((c) => c.status)).toEqual(Array(8).fill(200));
    const events = claims.flatMap((c) => c.json.events as Ev[]);
    // Five events: three mutes applied, the ban applied and lifted; each in exactly one claim.
    expect(events.map((e) => e.id).sort((a, b) => a - b)).toEqual([...new Set(events.map((e) => e.id))].sort((a, b) => a - b));
    expect(events).toHaveLength(5);
    expect(
      events
        .filter((e) => e.type === "applied")
        .map((e) => e.punishment.kind)
        .sort(),
    ).toEqual(["ban", "mute", "mute", "mute"]);
    const lifted = events.find((e) => e.type === "lifted")!;
    expect(lifted.punishment).toMatchObject({ player_id: banned.id, player_name: banned.username, kind: "ban", message: "Botting", ends: null });
    // The internal note never reaches the game.
    expect(JSON.stringify(events)).not.toContain("Seen in chat");
    expect(events.filter((e) => e.type === "applied" && e.punishment.kind === "mute").map((e) => e.punishment.id)).toEqual(expect.arrayContaining(ids));

    // Acks: a claim acks some of its events; another lease cannot ack them; acking twice is harmless.
    const withEvents = claims.filter((c) => (c.json.events as Ev[]).length > 0);
    const leased = withEvents[0]!.json as { lease_id: string; events: Ev[] };
    const first = { lease_id: leased.lease_id, events: leased.events.slice(0, 2) };
    const ack = (lease: string, evs: Ev[]) => call(feedAck.POST, { method: "POST", headers, body: { lease_id: lease, event_ids: evs.map((e) => e.id) } });
    expect((await ack("a-lease-of-another-server", first.events)).json.delivered).toEqual([]);
    const acked = await Promise.all([ack(first.lease_id, first.events), ack(first.lease_id, first.events)]);
    for (const a of acked) expect(a.json.delivered).toEqual(first.events.map((e) => e.id));
    // Nothing left to claim while the others are leased.
    expect((await claimOnce(100)).json.events).toEqual([]);
    // A lease that ran out without an ack: its events come back, each once, to two concurrent
    // claims (which may split them: SKIP LOCKED lets the second take rows the first has not reached).
    const unacked = withEvents.flatMap((c) => (c.json.events as Ev[]).map((e) => e.id)).filter((id) => !first.events.some((e) => e.id === id));
    expect(unacked.length).toBeGreaterThan(0);
    await db.punishmentEvent.updateMany({ where: { id: { in: unacked } }, data: { leasedUntil: new Date(Date.now() - 1000) } });
    const again = await Promise.all([claimOnce(100), claimOnce(100)]);
    const redelivered = again.flatMap((c) => (c.json.events as Ev[]).map((e) => e.id));
    expect(redelivered.sort((a, b) => a - b)).toEqual(unacked.sort((a, b) => a - b));
  });
});

describe("history and staff notes", () => {
  it("show every punishment with its rule, messages, who, when and how it ended to moderators; players are refused", async () => {
    const mod = await member("MODERATOR");
    const admin = await member("ADMINISTRATOR");
    const p = await member();
    await punish(mod, p.id, { rule: "respect", kind: "WARNING", message: "Be nice." });
    await punish(mod, p.id, { rule: "respect", step: 1, kind: "MUTE", duration: "24h" });
    await call(unmute.POST, onPlayer(admin, p.id, { path: "/unmute", body: { reason: "Apologised" } }));
    const h = await call(punishments.GET, onPlayer(mod, p.id, { path: "/punishments" }));
    expect(h.status).toBe(200);
    expect(h.json.results).toMatchObject([
      {
        kind: "MUTE",
        rule: "respect",
        ruleTitle: "Respect other players",
        step: 1,
        by: mod.username,
        state: "lifted",
        liftedBy: admin.username,
        liftReason: "Apologised",
      },
      { kind: "WARNING", rule: "respect", message: "Be nice.", note: "Seen in chat", by: mod.username, state: "warning", endsAt: null, liftedAt: null },
    ]);

    const added = await call(notes.POST, onPlayer(mod, p.id, { path: "/notes", body: { body: "Talked to them in game; calmer now." } }));
    expect(added.status).toBe(201);
    const listed = await call(notes.GET, onPlayer(admin, p.id, { path: "/notes" }));
    expect(listed.json.results).toEqual([
      { id: added.json.id, body: "Talked to them in game; calmer now.", author: mod.username, createdAt: expect.any(String) },
    ]);
    const [entry] = await auditOf(p.id, "punishment.note_added");
    expect(entry).toMatchObject({
      actorId: mod.id,
      data: { reason: null, before: null, after: { noteId: added.json.id, body: "Talked to them in game; calmer now." } },
    });

    // A player (even the punished one) reads neither, nor writes a note.
    const player = await member();
    for (const r of [
      await call(punishments.GET, onPlayer(player, p.id, { path: "/punishments" })),
      await call(notes.GET, onPlayer(player, p.id, { path: "/notes" })),
      await call(notes.GET, onPlayer(p, p.id, { path: "/notes" })),
      await call(notes.POST, onPlayer(player, p.id, { path: "/notes", body: { body: "sneaky" } })),
      await call(punishments.POST, onPlayer(player, p.id, { path: "/punishments", body: { kind: "WARNING", message: "hey you", reason: "because" } })),
    ])
      expect(r.status).toBe(403);
    expect(await db.playerNote.count({ where: { userId: p.id } })).toBe(1);
  });

  it("audits a punishment with its reason (the internal note) and the open ban or mute before and after", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const r = await punish(mod, p.id, { rule: "spam", step: 1, kind: "MUTE", duration: "48h", reason: "Ticket #12" });
    const [entry, ...more] = await auditOf(p.id, "punishment.applied");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: mod.id,
      data: {
        reason: "Ticket #12",
        before: { openBan: null, openMute: null },
        after: { openBan: null, openMute: r.json.id, punishment: { id: r.json.id, kind: "MUTE", rule: "spam", step: 1, endsAt: r.json.endsAt } },
      },
    });
  });
});

describe("bans are punishments", () => {
  it("the ban and unban actions and a ban's end keep one open BAN punishment with the account's columns", async () => {
    const mod = await member("MODERATOR");
    const p = await member();
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call(ban.POST, onPlayer(mod, p.id, { path: "/ban", body: { reason: "Macroing", until } }))).status).toBe(200);
    const open = await db.punishment.findFirstOrThrow({ where: { userId: p.id, liftedAt: null } });
    expect(open).toMatchObject({ kind: "BAN", rule: null, message: "Macroing", createdById: mod.id });
    expect(open.endsAt?.toISOString()).toBe(until);
    // Its time passes: the lift-ban job closes the punishment as ended and clears the columns.
    await db.user.update({ where: { id: p.id }, data: { bannedUntil: new Date(Date.now() - 1000) } });
    await db.punishment.update({ where: { id: open.id }, data: { endsAt: new Date(Date.now() - 1000) } });
    expect(await liftExpiredBan(p.id)).toBe("lifted");
    expect(await db.punishment.findUniqueOrThrow({ where: { id: open.id } })).toMatchObject({ liftedByLabel: "system" });
    expect((await db.user.findUniqueOrThrow({ where: { id: p.id } })).bannedAt).toBeNull();
    // A ban made before punishments (columns only) still unbans.
    await db.user.update({ where: { id: p.id }, data: { bannedAt: new Date(), banReason: "old" } });
    expect((await call(unban.POST, onPlayer(mod, p.id, { path: "/unban", body: { reason: "Old ban" } }))).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: p.id } })).bannedAt).toBeNull();
    // Every open ban row is mirrored by the columns, and the other way round (rows made here).
    const mismatched = await db.$queryRaw<{ id: number }[]>`
      SELECT u.id FROM users u LEFT JOIN punishments p ON p."userId" = u.id AND p."liftedAt" IS NULL AND p.kind IN ('BAN', 'ADDRESS_BAN')
      WHERE u.id IN (SELECT "userId" FROM punishments) AND ((u."bannedAt" IS NULL) <> (p.id IS NULL))`;
    expect(mismatched).toEqual([]);
  });
});
