import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as ack from "@/app/api/v1/game/server-events/ack/route";
import * as claim from "@/app/api/v1/game/server-events/claim/route";
import * as preview from "@/app/api/v1/game/server-events/route";
import * as staffGoal from "@/app/api/v1/staff/store/goals/[id]/route";
import * as staffGoalEnd from "@/app/api/v1/staff/store/goals/[id]/end/route";
import * as staffGoals from "@/app/api/v1/staff/store/goals/route";
import * as goalsApi from "@/app/api/v1/store/goals/route";
import * as supportersApi from "@/app/api/v1/store/supporters/route";
import * as privacy from "@/app/api/v1/user/privacy/route";
import { CHANGES_CHANNEL } from "@/lib/server/changes/announce";
import { db } from "@/lib/server/db";
import { releaseExpiredLeases } from "@/lib/server/game/release-expired-leases";
import { settleEvent } from "@/lib/server/payments/settle";
import type { PaymentEffect } from "@/lib/server/payments/types";
import { grantCredits } from "@/lib/server/store/admin/grant-credits";
import { setRunningBan } from "../factories/bans";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { createPackage } from "../support/fake-payment-data";
import { call, SAME_ORIGIN } from "./helpers";

// Community goals (lib/server/goals, docs/payments.md "Community goals") against the real database:
// what counts towards a goal, refunds and disputes, the round reached once under concurrent
// settles, the repeatable overflow, the game's server-event feed (lease and ack), the supporter
// widgets' opt-out, staff management and the announcements. Tests share this file's database, so
// each goal's window opens when its test starts, and every goal is ended and every event marked
// run after each test.

type Method = "STRIPE" | "PAYPAL" | "COINBASE" | "MANUAL" | "INGAME";
let pkgId: number;
beforeAll(async () => {
  pkgId = (await createPackage({ credits: 100, bonusCredits: 0, priceCents: 5000 })).id;
});
afterEach(async () => {
  await db.communityGoal.updateMany({ where: { endedAt: null }, data: { endedAt: new Date() } });
  await db.serverEvent.updateMany({ where: { status: { not: "DELIVERED" } }, data: { status: "DELIVERED" } });
});

async function purchase(amountCents: number, o: { userId?: number; method?: Method; status?: "PENDING" | "PAID"; paidAt?: Date } = {}) {
  const userId = o.userId ?? (await createUser()).id;
  return db.creditPurchase.create({
    data: {
      userId,
      creditPackageId: pkgId,
      method: o.method ?? "STRIPE",
      status: o.status ?? "PENDING",
      providerRef: `pi_${randomUUID()}`,
      credits: 100,
      bonusCredits: 0,
      amountCents,
      paidAt: o.paidAt ?? null,
    },
  });
}
type P = Awaited<ReturnType<typeof purchase>>;
const settle = (p: P, kind: PaymentEffect["kind"] = "paid") => {
  const effect: PaymentEffect =
    kind === "paid"
      ? { kind, providerRef: p.providerRef!, amountCents: p.amountCents, currency: "usd" }
      : ({ kind, providerRef: p.providerRef! } as PaymentEffect);
  return settleEvent("stripe", { eventId: `evt_${randomUUID()}`, type: `test.${kind}`, payload: {}, effect });
};
const paidPurchase = async (amountCents: number, o: { userId?: number } = {}) => {
  const p = await purchase(amountCents, o);
  expect((await settle(p)).outcome).toBe("applied");
  return p;
};

/** A goal whose window opens now (after a tick, so earlier tests' payments fall before it). */
async function goal(o: { targetCents?: number; repeatable?: boolean; hours?: number } = {}) {
  await new Promise((r) => setTimeout(r, 5));
  return db.communityGoal.create({
    data: {
      title: `Goal ${randomUUID().slice(0, 6)}`,
      targetCents: o.targetCents ?? 10_000,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + (o.hours ?? 1) * 3_600_000),
      repeatable: o.repeatable ?? false,
      rewardType: "double_xp",
      rewardPayload: { multiplier: 2, minutes: 60 },
    },
  });
}
type G = Awaited<ReturnType<typeof goal>>;
async function publicGoal(g: G) {
  const r = await call(goalsApi.GET);
  expect(r.status).toBe(200);
  return (r.json.results as { id: number }[]).find((x) => x.id === g.id) as
    { raised_cents: number; round: number; round_progress_cents: number; percent: number; reached: boolean; rounds_reached: number } | undefined;
}
const raised = async (g: G) => (await publicGoal(g))!.raised_cents;
const eventsOf = (g: G) => db.serverEvent.findMany({ where: { goalId: g.id }, orderBy: { goalRound: "asc" } });

describe("what counts", () => {
  it("only PAID provider payments inside the window; never MANUAL, INGAME, pending, failed, outside the window or staff grants", async () => {
    const g = await goal();
    const counted = await paidPurchase(2500);
    // Outside the window, by paidAt: before the start and after the end.
    await purchase(7000, { status: "PAID", paidAt: new Date(g.startsAt.getTime() - 60_000) });
    await purchase(7000, { status: "PAID", paidAt: new Date(g.endsAt.getTime() + 60_000) });
    // Not money a provider confirmed.
    await purchase(3000, { method: "MANUAL", status: "PAID", paidAt: new Date() });
    await purchase(3000, { method: "INGAME", status: "PAID", paidAt: new Date() });
    // Not completed.
    await purchase(4000);
    const failed = await purchase(4000);
    await settle(failed, "failed");
    // A staff grant of credits: a ledger adjustment, no payment.
    const admin = await createUser({ privilege: "ADMINISTRATOR" });
    const player = await createUser();
    await grantCredits(
      { username: player.username, amount: 5000, reason: "gold through a ticket" },
      { actorId: admin.id, ip: null, privilege: "ADMINISTRATOR" },
    );

    expect(await raised(g)).toBe(2500);
    expect(await publicGoal(g)).toMatchObject({ round: 1, round_progress_cents: 2500, percent: 25, reached: false });
    // Its twin: one more counted payment moves it by exactly its amount.
    await paidPurchase(1250, { userId: counted.userId });
    expect(await publicGoal(g)).toMatchObject({ raised_cents: 3750, percent: 37 });
  });

  it("a refund and a chargeback take the payment out exactly; a won dispute puts it back", async () => {
    const g = await goal({ targetCents: 100_000 });
    const a = await paidPurchase(5000);
    const b = await paidPurchase(3000);
    expect(await raised(g)).toBe(8000);
    await settle(a, "refunded");
    expect(await raised(g)).toBe(3000);
    await settle(b, "dispute-opened");
    expect(await raised(g)).toBe(0);
    await settle(b, "dispute-lost");
    expect(await raised(g)).toBe(0);
    await settle(b, "dispute-won");
    expect(await raised(g)).toBe(3000);
  });

  it("a goal not open now is not listed publicly", async () => {
    const g = await goal();
    expect(await publicGoal(g)).toBeDefined();
    await db.communityGoal.update({ where: { id: g.id }, data: { endedAt: new Date() } });
    expect(await publicGoal(g)).toBeUndefined();
  });
});

describe("reaching a goal", () => {
  it("two concurrent settles that each cross the target make one server event", async () => {
    for (let i = 0; i < 3; i++) {
      const g = await goal({ targetCents: 10_000 });
      await paidPurchase(8000);
      const [x, y] = [await purchase(2000), await purchase(2000)];
      const outcomes = await Promise.all([settle(x), settle(y)]);
      expect(outcomes.map((o) => o.outcome)).toEqual(["applied", "applied"]);
      expect((await eventsOf(g)).map((e) => [e.goalRound, e.type, e.payload])).toEqual([[1, "double_xp", { multiplier: 2, minutes: 60 }]]);
      expect(await publicGoal(g)).toMatchObject({ raised_cents: 12_000, reached: true, percent: 100, rounds_reached: 1 });
      await db.communityGoal.update({ where: { id: g.id }, data: { endedAt: new Date() } });
    }
  });

  it("two concurrent settles that only together reach the target still make its one event (the goal row lock)", async () => {
    for (let i = 0; i < 3; i++) {
      const g = await goal({ targetCents: 10_000 });
      await paidPurchase(8000);
      const [x, y] = [await purchase(1000), await purchase(1000)];
      await Promise.all([settle(x), settle(y)]);
      expect((await eventsOf(g)).map((e) => e.goalRound)).toEqual([1]);
      await db.communityGoal.update({ where: { id: g.id }, data: { endedAt: new Date() } });
    }
  });

  it("a goal that is not repeatable is reached once: a refund and a new payment make no second event", async () => {
    const g = await goal({ targetCents: 5000 });
    const p = await paidPurchase(5000);
    expect((await eventsOf(g)).length).toBe(1);
    await settle(p, "refunded");
    await paidPurchase(6000);
    expect((await eventsOf(g)).map((e) => e.goalRound)).toEqual([1]);
    expect(await publicGoal(g)).toMatchObject({ reached: true, percent: 100 });
  });

  it("a repeatable goal carries the overflow into the next round, one event per round", async () => {
    const g = await goal({ targetCents: 50_000, repeatable: true });
    await paidPurchase(62_000);
    expect(await publicGoal(g)).toMatchObject({ raised_cents: 62_000, round: 2, round_progress_cents: 12_000, percent: 24, rounds_reached: 1 });
    await paidPurchase(40_000);
    expect(await publicGoal(g)).toMatchObject({ round: 3, round_progress_cents: 2000, rounds_reached: 2 });
    // Two rounds at once: each its own event.
    await paidPurchase(100_000);
    expect(await publicGoal(g)).toMatchObject({ raised_cents: 202_000, round: 5, round_progress_cents: 2000, rounds_reached: 4 });
    expect((await eventsOf(g)).map((e) => e.goalRound)).toEqual([1, 2, 3, 4]);
    // A refund takes from the round in progress, never below 0, and no event is taken back.
    const refunded = await db.creditPurchase.findFirstOrThrow({ where: { amountCents: 40_000 }, orderBy: { id: "desc" } });
    await settle(refunded, "refunded");
    expect(await publicGoal(g)).toMatchObject({ raised_cents: 162_000, round: 5, round_progress_cents: 0, percent: 0 });
    expect((await eventsOf(g)).length).toBe(4);
  });
});

describe("the server-event feed", () => {
  it("concurrent claims: one gets the event; a wrong lease's ack is refused; an expired lease returns it", async () => {
    const g = await goal({ targetCents: 1000 });
    await paidPurchase(1000);
    const [event] = await eventsOf(g);
    const { headers } = await createGameKey(["server-events"]);
    const claimOnce = () => call(claim.POST, { method: "POST", headers, body: { lease_seconds: 30 } });
    const claims = await Promise.all(Array.from({ length: 6 }, claimOnce));
    expect(claims.map((c) => c.status)).toEqual(Array(6).fill(200));
    const got = claims.filter((c) => (c.json.events as unknown[]).length > 0);
    expect(got.length).toBe(1);
    const first = got[0]!.json as { lease_id: string; events: { id: number; type: string; payload: unknown; source: unknown }[] };
    expect(first.events).toEqual([
      {
        id: event!.id,
        type: "double_xp",
        payload: { multiplier: 2, minutes: 60 },
        source: { goal_id: g.id, round: 1, title: g.title },
        vote_goal: null,
        created: expect.any(String),
      },
    ]);
    expect((await call(preview.GET, { headers })).json).toEqual({ events: [expect.objectContaining({ id: event!.id, status: "leased" })] });

    // A wrong lease id: refused, the event stays leased.
    const wrong = await call(ack.POST, { method: "POST", headers, body: { lease_id: randomUUID(), event_ids: [event!.id] } });
    expect(wrong.json).toEqual({ delivered: [], rejected: [{ id: event!.id, reason: "not leased by this lease" }] });

    // The lease runs out without an ack: back in the queue, handed to the next claim.
    await db.serverEvent.update({ where: { id: event!.id }, data: { leasedUntil: new Date(Date.now() - 1000) } });
    expect(await releaseExpiredLeases()).toBeGreaterThanOrEqual(0);
    expect((await db.serverEvent.findUniqueOrThrow({ where: { id: event!.id } })).status).toBe("PENDING");
    const again = await claimOnce();
    const second = again.json as { lease_id: string; events: { id: number }[] };
    expect(second.events.map((e) => e.id)).toEqual([event!.id]);
    // The old lease can no longer ack it; the new one can, once (a repeat answers delivered again).
    const late = await call(ack.POST, { method: "POST", headers, body: { lease_id: first.lease_id, event_ids: [event!.id] } });
    expect(late.json).toMatchObject({ delivered: [], rejected: [{ id: event!.id }] });
    const ok = await call(ack.POST, { method: "POST", headers, body: { lease_id: second.lease_id, event_ids: [event!.id] } });
    expect(ok.json).toEqual({ delivered: [event!.id], rejected: [] });
    expect(await db.serverEvent.findUniqueOrThrow({ where: { id: event!.id } })).toMatchObject({ status: "DELIVERED", attempts: 2 });
    expect((await call(ack.POST, { method: "POST", headers, body: { lease_id: second.lease_id, event_ids: [event!.id] } })).json).toEqual({
      delivered: [event!.id],
      rejected: [],
    });
    expect((await claimOnce()).json).toEqual({ lease_id: null, leased_until: null, events: [] });
  });

  it("a claim passes over an event another transaction holds, without waiting for it; the twin claim after the hold gets it", async () => {
    const g = await goal({ targetCents: 1000 });
    await paidPurchase(1000);
    const [event] = await eventsOf(g);
    const { headers } = await createGameKey(["server-events"]);
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM server_events WHERE id = ${event!.id} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 20_000 },
    );
    await isLocked;
    const started = Date.now();
    const during = await call(claim.POST, { method: "POST", headers, body: {} });
    expect(during.json).toEqual({ lease_id: null, leased_until: null, events: [] });
    expect(Date.now() - started).toBeLessThan(5000);
    release();
    await holder;
    const after = await call(claim.POST, { method: "POST", headers, body: {} });
    expect((after.json.events as { id: number }[]).map((e) => e.id)).toEqual([event!.id]);
  });

  it("needs a key with the server-events scope (403 without it, 200 with it) and a valid lease length", async () => {
    const other = await createGameKey(["deliveries", "events"]);
    expect((await call(claim.POST, { method: "POST", headers: other.headers, body: {} })).status).toBe(403);
    expect((await call(preview.GET, { headers: other.headers })).status).toBe(403);
    const good = await createGameKey(["server-events"]);
    expect((await call(claim.POST, { method: "POST", headers: good.headers, body: {} })).status).toBe(200);
    const bad = await call(claim.POST, { method: "POST", headers: good.headers, body: { lease_seconds: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.json.lease_seconds).toBeDefined();
    const badAck = await call(ack.POST, { method: "POST", headers: good.headers, body: { lease_id: "x", event_ids: [] } });
    expect(badAck.status).toBe(400);
    expect(badAck.json.event_ids).toBeDefined();
  });
});

describe("the supporter widgets", () => {
  it("an opted-out player is in neither widget; the twin who did not opt out is; staff and banned players never", async () => {
    const shown = await createUser();
    const hider = await createUser();
    const staff = await createUser({ privilege: "MODERATOR" });
    const banned = await createUser();
    await paidPurchase(900_000, { userId: staff.id });
    await paidPurchase(800_000, { userId: banned.id });
    await setRunningBan(banned.id);
    await paidPurchase(400_000, { userId: shown.id });
    await paidPurchase(500_000, { userId: hider.id });
    const widgets = async () => (await call(supportersApi.GET)).json as { top_donator: { username: string } | null; recent: { username: string }[] };

    let w = await widgets();
    expect(w.top_donator).toEqual({ username: hider.username });
    // (Earlier tests' payments are in the list too: look at this test's players.)
    const ours = (list: { username: string }[]) => list.map((r) => r.username).filter((n) => [shown, hider, staff, banned].some((u) => u.username === n));
    expect(ours(w.recent)).toEqual([hider.username, shown.username]);
    expect(JSON.stringify(w)).not.toMatch(/amount|cents/);
    for (const hidden of [staff.username, banned.username]) expect(w.recent.map((r) => r.username)).not.toContain(hidden);

    const session = await createSessionToken(hider.id);
    const auth = { cookies: { session }, headers: SAME_ORIGIN };
    expect((await call(privacy.GET, auth)).json).toEqual({ show_as_supporter: true });
    const put = await call(privacy.PUT, { ...auth, method: "PUT", body: { show_as_supporter: false } });
    expect(put).toMatchObject({ status: 200, json: { show_as_supporter: false } });
    w = await widgets();
    expect(w.top_donator).toEqual({ username: shown.username });
    expect(ours(w.recent)).toEqual([shown.username]);
    // Bad input names the field and changes nothing.
    const bad = await call(privacy.PUT, { ...auth, method: "PUT", body: { show_as_supporter: "no" } });
    expect(bad.status).toBe(400);
    expect(bad.json.show_as_supporter).toBeDefined();
    expect((await call(privacy.GET, auth)).json).toEqual({ show_as_supporter: false });
    expect((await call(privacy.GET)).status).toBe(401);
  });
});

describe("staff goal management", () => {
  let session: string;
  let admin: { id: number };
  beforeAll(async () => {
    admin = await createUser({ privilege: "ADMINISTRATOR" });
    session = await createSessionToken(admin.id);
  });
  const as = (s: string, body?: unknown, id?: number) => ({
    method: "POST",
    body,
    cookies: { session: s },
    headers: SAME_ORIGIN,
    ...(id !== undefined ? { params: { id: String(id) } } : {}),
  });
  const body = () => ({
    title: "Double XP weekend",
    description: "Reach $100 and everyone gets double XP for an hour.",
    target_cents: 10_000,
    starts_at: new Date().toISOString(),
    ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    reward_type: "double_xp",
    reward_payload: { multiplier: 2, minutes: 60 },
  });

  it("create (administrator 201, moderator 403), edit with before/after audited, a lowered target reaches at once, end once", async () => {
    const mod = await createUser({ privilege: "MODERATOR" });
    // The window opens now: earlier tests' payments fall before it.
    await new Promise((r) => setTimeout(r, 5));
    expect((await call(staffGoals.POST, as(await createSessionToken(mod.id), body()))).status).toBe(403);
    const created = await call(staffGoals.POST, as(session, body()));
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    expect(created.json).toMatchObject({ title: "Double XP weekend", target_cents: 10_000, state: "open", raised_cents: 0, events: [] });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "goal.created", targetId: String(id) } });
    expect(audit.actorId).toBe(admin.id);

    await paidPurchase(6000);
    const patched = await call(staffGoal.PATCH, { ...as(session, { target_cents: 5000 }, id), method: "PATCH" });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ target_cents: 5000, reached: true, rounds_reached: 1, events: [{ round: 1, status: "pending", type: "double_xp" }] });
    const edit = await db.auditLog.findFirstOrThrow({ where: { action: "goal.updated", targetId: String(id) } });
    expect(edit.data).toMatchObject({ before: { target_cents: 10_000, rounds_reached: 0 }, after: { target_cents: 5000, rounds_reached: 1 } });

    const list = await call(staffGoals.GET, { cookies: { session }, headers: SAME_ORIGIN });
    expect((list.json.results as { id: number }[]).map((g) => g.id)).toContain(id);

    const ended = await call(staffGoalEnd.POST, as(session, undefined, id));
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ state: "ended" });
    expect((await call(staffGoalEnd.POST, as(session, undefined, id))).status).toBe(409);
    expect(await db.auditLog.count({ where: { action: "goal.ended", targetId: String(id) } })).toBe(1);
  });

  it("bad input is a 400 naming the field, with nothing written", async () => {
    const before = await db.communityGoal.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(), ends_at: new Date(Date.now() - 60_000).toISOString() }, "ends_at"],
      [{ ...body(), target_cents: 0 }, "target_cents"],
      [{ ...body(), reward_type: "Double XP" }, "reward_type"],
      [{ ...body(), reward_payload: { nested: { a: 1 } } }, "reward_payload"],
      [{ ...body(), title: "" }, "title"],
      [{ ...body(), starts_at: "tomorrow" }, "starts_at"],
    ];
    for (const [b, field] of cases) {
      const r = await call(staffGoals.POST, as(session, b));
      expect(r.status, field).toBe(400);
      expect(r.json[field], field).toBeDefined();
    }
    expect(await db.communityGoal.count()).toBe(before);
    expect((await call(staffGoal.PATCH, { ...as(session, { title: "x" }, 99_999_999), method: "PATCH" })).status).toBe(404);
  });
});

describe("announcements", () => {
  it("a settle that changes a goal's total announces store:goals in its transaction; one outside every goal announces only the widgets", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const heard: string[] = [];
    client.on("notification", (n) => heard.push(String(n.payload)));
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      // No goal open: the supporters widgets change, no goal does.
      const outside = await purchase(1000);
      await settle(outside);
      await until(() => heard.some((h) => h.includes("store:supporters")));
      expect(heard.filter((h) => h.includes("store:"))).toEqual(["store:supporters"]);

      heard.length = 0;
      await goal();
      const inside = await purchase(1000);
      await settle(inside);
      await until(() => heard.some((h) => h.includes("store:goals")));
      expect(heard.filter((h) => h.includes("store:"))).toEqual(["store:goals,store:supporters"]);

      // A refund takes it out again: announced too.
      heard.length = 0;
      await settle(inside, "refunded");
      await until(() => heard.some((h) => h.includes("store:goals")));
      expect(heard.filter((h) => h.includes("store:"))).toEqual(["store:goals,store:supporters"]);
    } finally {
      await client.end();
    }
  });
});
