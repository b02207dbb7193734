// Disputes (chargebacks): an open dispute holds the player's store spending until it is decided,
// a lost one claws back and bans only when DISPUTE_LOST_POLICY says so, and staff see each
// player's payment risk. Disputes arrive as Stripe events signed with the SDK's own test header
// through the real webhook route; purchases go through the real store route, concurrently.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/v1/store/credits/amount/route";
import { POST as purchaseRoute } from "@/app/api/v1/store/purchase/route";
import { GET as riskRoute } from "@/app/api/v1/staff/players/[id]/risk/route";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { DISPUTE_HOLD_MESSAGE } from "@/lib/disputes";
import { PURCHASE_SUCCESS } from "@/lib/schemas/store";
import { db } from "@/lib/server/db";
import { runAdmin } from "@/scripts/admin";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage, deliver, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeStripe, stripeEnv, stripeEvents } from "../support/stripe-webhooks";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { balanceOf, createCategory, createProduct } from "./store-fixtures";

const SECRET = "whsec_disputes_test";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let restore: () => void;

beforeAll(async () => {
  fake = await startFakeStripe((n) => `pi_dispute_${n}_${randomUUID().slice(0, 6)}`);
  restore = setEnv({ ...stripeEnv(SECRET, fake.url), DISPUTE_LOST_POLICY: undefined });
});
afterAll(async () => {
  restore();
  await fake.close();
});

const stripe = stripeEvents(SECRET);
function signedEvent(type: string, object: Record<string, unknown>) {
  const body = stripe.event(type, object, `evt_${randomUUID()}`);
  return { body, headers: stripe.signed(body) };
}
async function send(type: string, object: Record<string, unknown>) {
  const e = signedEvent(type, object);
  const r = await deliver(webhook, "stripe", e.body, e.headers);
  expect(r.status).toBe(200);
  return e;
}
const dispute = (pi: string, type: "created" | "closed", status = "needs_response") =>
  send(`charge.dispute.${type}`, { id: `dp_${pi}`, object: "dispute", payment_intent: pi, status });

/** A player (with a session) who paid `priceCents` for `credits` through a signed Stripe webhook. */
async function paidPurchase(session: string, priceCents: number, credits: number) {
  const pkg = await createPackage({ credits, bonusCredits: 0, priceCents });
  const r = await startPurchase(session, { id: pkg.id, method: "stripe" });
  expect(r.status).toBe(201);
  const p = await purchaseRow(r.json.purchase_id as number);
  await send("payment_intent.succeeded", {
    id: p.providerRef,
    object: "payment_intent",
    amount_received: priceCents,
    currency: "usd",
    metadata: { purchase_id: String(p.id) },
  });
  expect(await purchaseRow(p.id)).toMatchObject({ status: "PAID" });
  return p;
}

async function payingPlayer(priceCents = 5000, credits = 1000, privilege?: "MODERATOR") {
  const user = await createUser(privilege ? { privilege } : {});
  const session = await createSessionToken(user.id);
  const purchase = await paidPurchase(session, priceCents, credits);
  return { user, session, purchase };
}

function buy(session: string, productId: number) {
  return call(purchaseRoute, {
    method: "POST",
    path: "/api/v1/store/purchase",
    body: { id: productId },
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient(), "idempotency-key": randomUUID() },
  });
}
const balanceAnswer = async (session: string) =>
  (await call(balanceRoute, { path: "/api/v1/store/credits/amount", cookies: { session }, headers: freshClient() })).json;
const ordersOf = (userId: number) => db.storeOrder.count({ where: { userId } });

async function product(price = 100) {
  const cat = await createCategory();
  return createProduct({ categoryId: cat.id, price });
}

describe("an open dispute holds store spending", () => {
  it("refuses every purchase (five at once) while open, and lets them all through once the dispute is won", async () => {
    const { user, session, purchase } = await payingPlayer();
    const item = await product(100);
    // Before: spending works.
    expect((await buy(session, item.id)).json).toEqual({ success: PURCHASE_SUCCESS, credits: 900 });
    expect(await balanceAnswer(session)).toEqual({ credits: 900, spending_hold: false });

    await dispute(purchase.providerRef!, "created");
    const opened = await purchaseRow(purchase.id);
    expect(opened).toMatchObject({ status: "DISPUTED", disputeClosedAt: null, disputeOutcome: null });
    expect(opened.disputeOpenedAt).toBeInstanceOf(Date);
    expect(await balanceAnswer(session)).toEqual({ credits: 900, spending_hold: true });

    const held = await Promise.all(Array.from({ length: 5 }, () => buy(session, item.id)));
    for (const r of held) {
      expect(r.status).toBe(400);
      expect(r.json).toMatchObject({ error: DISPUTE_HOLD_MESSAGE, details: DISPUTE_HOLD_MESSAGE });
    }
    expect(await balanceOf(user.id)).toBe(900);
    expect(await ordersOf(user.id)).toBe(1);

    await dispute(purchase.providerRef!, "closed", "won");
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID", disputeOutcome: "WON", disputeClosedAt: expect.any(Date) });
    expect(await balanceAnswer(session)).toEqual({ credits: 900, spending_hold: false });
    const released = await Promise.all(Array.from({ length: 5 }, () => buy(session, item.id)));
    expect(released.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(user.id)).toBe(400);
    expect(await ordersOf(user.id)).toBe(6);
    expect((await runAdmin(["reconcile"])).code).toBe(0);
  });

  it("a purchase racing the dispute's opening either commits before it or is refused: never after it", async () => {
    const { user, session, purchase } = await payingPlayer();
    const item = await product(10);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => buy(session, item.id)),
      dispute(purchase.providerRef!, "created"),
      ...Array.from({ length: 4 }, () => buy(session, item.id)),
    ]);
    const buys = answers.filter((a): a is Awaited<ReturnType<typeof buy>> => "status" in a);
    const ok = buys.filter((r) => r.status === 200).length;
    expect(ok + buys.filter((r) => r.status === 400 && r.json.error === DISPUTE_HOLD_MESSAGE).length).toBe(8);
    const openedAt = (await purchaseRow(purchase.id)).disputeOpenedAt!;
    const orders = await db.storeOrder.findMany({ where: { userId: user.id }, select: { createdAt: true } });
    expect(orders).toHaveLength(ok);
    // Every order that went through committed before the dispute opened.
    for (const o of orders) expect(o.createdAt.getTime()).toBeLessThanOrEqual(openedAt.getTime());
    expect(await balanceOf(user.id)).toBe(1000 - 10 * ok);
    expect((await buy(session, item.id)).status).toBe(400);
  });
});

describe("a lost dispute", () => {
  it("with the default policy (none): claws back, closes the dispute (no hold) and bans nobody", async () => {
    const { user, session, purchase } = await payingPlayer();
    await dispute(purchase.providerRef!, "created");
    await dispute(purchase.providerRef!, "closed", "lost");
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "DISPUTED", disputeOutcome: "LOST", disputeClosedAt: expect.any(Date) });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, bannedAt: null });
    expect(await balanceAnswer(session)).toEqual({ credits: 0, spending_hold: false });
    expect(await db.auditLog.count({ where: { action: "account.banned", targetId: String(user.id) } })).toBe(0);
    expect((await runAdmin(["reconcile"])).code).toBe(0);
  });

  it("with DISPUTE_LOST_POLICY=ban: claws back and bans the player for good in the same settlement, audited once; staff are not banned", async () => {
    const back = setEnv({ DISPUTE_LOST_POLICY: "ban" });
    try {
      const { user, purchase } = await payingPlayer();
      await dispute(purchase.providerRef!, "created");
      const lost = await dispute(purchase.providerRef!, "closed", "lost");
      const after = await userRow(user.id);
      expect(after).toMatchObject({ storeCredits: 0, bannedUntil: null });
      expect(after.bannedAt).toBeInstanceOf(Date);
      expect(after.banReason).toBe(`Payment dispute lost on purchase #${purchase.id} (DISPUTE_LOST_POLICY=ban)`);
      // The ban ends the player's sessions, as a staff ban does.
      expect(await db.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
      // The same event redelivered is a duplicate: no second ban entry.
      await deliver(webhook, "stripe", lost.body, lost.headers);
      const audits = await db.auditLog.findMany({ where: { action: "account.banned", targetId: String(user.id) } });
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ actorId: null, actorLabel: "dispute-policy" });

      const staff = await payingPlayer(5000, 1000, "MODERATOR");
      await dispute(staff.purchase.providerRef!, "closed", "lost");
      expect(await userRow(staff.user.id)).toMatchObject({ storeCredits: 0, bannedAt: null });
      expect(await purchaseRow(staff.purchase.id)).toMatchObject({ disputeOutcome: "LOST" });
      expect((await runAdmin(["reconcile"])).code).toBe(0);
    } finally {
      back();
    }
  });
});

describe("a player's payment risk", () => {
  it("counts payments, refunds and disputes exactly, for administrators only", async () => {
    const user = await createUser();
    const session = await createSessionToken(user.id);
    await paidPurchase(session, 5000, 1000);
    const refunded = await paidPurchase(session, 2000, 400);
    const open = await paidPurchase(session, 1000, 200);
    const lost = await paidPurchase(session, 500, 100);
    const won = await paidPurchase(session, 700, 140);
    const pending = await createPackage({ credits: 50, bonusCredits: 0, priceCents: 300 });
    expect((await startPurchase(session, { id: pending.id, method: "stripe" })).status).toBe(201);
    await send("charge.refunded", { id: "ch_r", object: "charge", payment_intent: refunded.providerRef, refunded: true });
    await dispute(open.providerRef!, "created");
    await dispute(lost.providerRef!, "created");
    await dispute(lost.providerRef!, "closed", "lost");
    await dispute(won.providerRef!, "created");
    await dispute(won.providerRef!, "closed", "won");

    const [admin, moderator] = await Promise.all([createUser({ privilege: "ADMINISTRATOR" }), createUser({ privilege: "MODERATOR" })]);
    const risk = (as: number) =>
      createSessionToken(as).then((s) =>
        call(riskRoute, { path: `/api/v1/staff/players/${user.id}/risk`, params: { id: String(user.id) }, cookies: { session: s }, headers: freshClient() }),
      );
    const r = await risk(admin.id);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      payments: 5,
      paidCents: 5000 + 2000 + 1000 + 500 + 700,
      refunds: 1,
      refundedCents: 2000,
      disputes: 3,
      disputesOpen: 1,
      disputesWon: 1,
      disputesLost: 1,
      chargebackRate: 3 / 5,
      spendingHold: true,
    });
    expect((await risk(moderator.id)).status).toBe(403);
    expect((await runAdmin(["reconcile"])).code).toBe(0);
  });
});

describe("the migration's backfill of dispute state", () => {
  it("reads open, lost, won and refunded-while-open disputes from the stored events, and leaves undisputed purchases alone", async () => {
    const user = await createUser();
    const session = await createSessionToken(user.id);
    const [open, lost, won, refunded, clean] = [
      await paidPurchase(session, 1000, 10),
      await paidPurchase(session, 1100, 11),
      await paidPurchase(session, 1200, 12),
      await paidPurchase(session, 1300, 13),
      await paidPurchase(session, 1400, 14),
    ];
    for (const p of [open, lost, won, refunded]) await dispute(p.providerRef!, "created");
    await dispute(lost.providerRef!, "closed", "lost");
    await dispute(won.providerRef!, "closed", "won");
    await send("charge.refunded", { id: "ch_bf", object: "charge", payment_intent: refunded.providerRef, refunded: true });
    const ids = [open, lost, won, refunded, clean].map((p) => p.id);
    // As before the migration: no dispute columns.
    await db.creditPurchase.updateMany({ where: { id: { in: ids } }, data: { disputeOpenedAt: null, disputeClosedAt: null, disputeOutcome: null } });
    const sql = readFileSync(path.join(import.meta.dirname, "../../prisma/migrations/20261214000000_purchase_disputes/migration.sql"), "utf8");
    await db.$executeRawUnsafe(sql.slice(sql.indexOf("WITH ev AS")));

    const rows = new Map((await db.creditPurchase.findMany({ where: { id: { in: ids } } })).map((p) => [p.id, p]));
    const openedEvent = async (id: number) =>
      (await db.webhookEvent.findFirstOrThrow({ where: { creditPurchaseId: id, type: "charge.dispute.created" } })).receivedAt;
    expect(rows.get(open.id)).toMatchObject({ disputeOpenedAt: await openedEvent(open.id), disputeClosedAt: null, disputeOutcome: null });
    expect(rows.get(lost.id)).toMatchObject({ disputeOpenedAt: await openedEvent(lost.id), disputeClosedAt: expect.any(Date), disputeOutcome: "LOST" });
    expect(rows.get(won.id)).toMatchObject({ disputeOpenedAt: await openedEvent(won.id), disputeClosedAt: expect.any(Date), disputeOutcome: "WON" });
    expect(rows.get(refunded.id)).toMatchObject({ status: "REFUNDED", disputeClosedAt: expect.any(Date), disputeOutcome: null });
    expect(rows.get(clean.id)).toMatchObject({ disputeOpenedAt: null, disputeClosedAt: null, disputeOutcome: null });
    // The hold follows: only the open one holds this player's spending.
    expect(await balanceAnswer(session)).toMatchObject({ spending_hold: true });
  });
});
