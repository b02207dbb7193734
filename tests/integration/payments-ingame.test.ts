// Credit packages bought through ::store: paid, they become one CREDIT_PACKAGE game
// delivery instead of site credits; refunded or charged back, the delivery is canceled while
// the game has not been handed it, and the credits are clawed back from the site balance once
// it has. Stripe events, signed with the SDK's test header, go through the real webhook route.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { POST as testCheckout } from "@/app/api/v1/store/credits/test-checkout/route";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { ACK_REASONS } from "@/lib/server/game/ack-deliveries";
import { createGameKey } from "../factories/game-keys";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeServer } from "../support/fake-payments";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

const SECRET = "whsec_ingame_test_secret";
let fake: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
let key: Record<string, string>;
let n = 0;

beforeAll(async () => {
  fake = await startFakeServer((req) => {
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      n += 1;
      return { json: { id: `pi_ingame_${n}`, object: "payment_intent", client_secret: `pi_ingame_${n}_secret_x` } };
    }
    return { status: 404, json: { error: { message: "no such route" } } };
  });
  restore = setEnv({
    TRUST_PROXY: "true",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE_URL: fake.url,
  });
  key = (await createGameKey(["deliveries"])).headers;
});
afterAll(async () => {
  restore();
  await fake.close();
});

let e = 0;
const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id: `evt_ingame_${process.pid}_${++e}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
const send = (body: string) =>
  deliver(webhook, "stripe", body, { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) });

type Purchase = Awaited<ReturnType<typeof purchaseRow>>;
const paidEvent = (p: Purchase) =>
  event("payment_intent.succeeded", {
    id: p.providerRef,
    object: "payment_intent",
    amount_received: p.amountCents,
    currency: "usd",
    metadata: { purchase_id: String(p.id) },
  });
const refundEvent = (p: Purchase) =>
  event("charge.refunded", {
    id: `ch_${p.id}`,
    object: "charge",
    payment_intent: p.providerRef,
    amount: p.amountCents,
    amount_refunded: p.amountCents,
    refunded: true,
  });
const disputeEvent = (p: Purchase, status: "lost" | "won") =>
  event("charge.dispute.closed", { id: `dp_${p.id}`, object: "dispute", payment_intent: p.providerRef, status });

/** A player with a PENDING ::store purchase of a $50 package (1000 + 100 bonus). */
async function inGamePurchase(flag: Record<string, unknown> = { deliver_in_game: true }) {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "stripe", ...flag });
  expect(r.status).toBe(201);
  return { user, session, purchase: await purchaseRow(r.json.purchase_id as number) };
}
async function paidInGame() {
  const made = await inGamePurchase();
  expect((await send(paidEvent(made.purchase))).status).toBe(200);
  return made;
}

const claim = async (playerId: number) => {
  const r = await call(claimRoute, { method: "POST", body: { player_id: playerId }, headers: { ...key, ...freshClient() } });
  return r.json as { lease_id: string | null; deliveries: { id: number; kind: string; payload: Record<string, unknown> }[] };
};
const ack = async (leaseId: string | null, ids: number[]) =>
  (await call(ackRoute, { method: "POST", body: { lease_id: leaseId, delivery_ids: ids }, headers: { ...key, ...freshClient() } })).json;
const deliveryOf = (purchaseId: number) => db.gameDelivery.findUniqueOrThrow({ where: { creditPurchaseId: purchaseId } });
const ledgerOf = (userId: number) =>
  db.creditLedgerEntry.findMany({ where: { userId }, select: { kind: true, delta: true, idempotencyKey: true }, orderBy: { id: "asc" } });
const reconciled = async (userId: number) => expect((await findBalanceMismatches()).filter((m) => m.userId === userId)).toEqual([]);

describe("paying for credits to be handed over in game", () => {
  it("queues exactly one credit delivery and no site credits when the payment event arrives five times at once", async () => {
    const { user, purchase } = await inGamePurchase();
    expect(purchase.deliverInGame).toBe(true);
    const body = paidEvent(purchase);
    const results = await Promise.all(Array.from({ length: 5 }, () => send(body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
    // The rank counts the money as for any purchase; the balance stays untouched.
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect(await ledgerOf(user.id)).toEqual([]);
    const deliveries = await db.gameDelivery.findMany({ where: { userId: user.id } });
    expect(deliveries).toEqual([
      expect.objectContaining({ kind: "CREDIT_PACKAGE", status: "PENDING", creditPurchaseId: purchase.id, payload: { credits: 1000, bonusCredits: 100 } }),
    ]);
    // A second, distinct paid event for the same purchase adds nothing either.
    await send(paidEvent(purchase));
    expect(await db.gameDelivery.count({ where: { userId: user.id } })).toBe(1);

    const c = await claim(user.id);
    expect(c.deliveries).toEqual([expect.objectContaining({ kind: "credit_package", payload: { credits: 1000, bonus_credits: 100 } })]);
    await reconciled(user.id);
  });

  it("still credits the website balance when the flag is off or absent", async () => {
    for (const flag of [{ deliver_in_game: false }, {}]) {
      const { user, purchase } = await inGamePurchase(flag);
      expect(purchase.deliverInGame).toBe(false);
      await send(paidEvent(purchase));
      expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100 });
      expect(await db.gameDelivery.count({ where: { userId: user.id } })).toBe(0);
    }
  });

  it("refuses a flag that is not a boolean, naming it", async () => {
    const pkg = await createPackage();
    const { session } = await player();
    const r = await startPurchase(session, { id: pkg.id, method: "stripe", deliver_in_game: "yes" });
    expect(r).toMatchObject({ status: 400, json: { deliver_in_game: [expect.any(String)] } });
  });

  it("works through the local test checkout too", async () => {
    const off = setEnv({
      STRIPE_SECRET_KEY: undefined,
      STRIPE_PUBLISHABLE_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      STRIPE_API_BASE_URL: undefined,
      PAYMENT_METHODS: undefined,
      PAYMENT_TEST_CHECKOUT: undefined,
    });
    try {
      const pkg = await createPackage({ credits: 500, bonusCredits: 50, priceCents: 2500 });
      const { user, session } = await player();
      const started = await startPurchase(session, { id: pkg.id, method: "paypal", deliver_in_game: true });
      expect(started).toMatchObject({ status: 201, json: { test_checkout: true } });
      const done = await call(testCheckout, {
        method: "POST",
        body: { purchase_id: started.json.purchase_id },
        cookies: { session },
        headers: { ...freshClient(), ...SAME_ORIGIN },
      });
      expect(done).toMatchObject({ status: 200, json: { status: "PAID", credits: 0 } });
      expect(await db.gameDelivery.findMany({ where: { userId: user.id } })).toEqual([
        expect.objectContaining({ kind: "CREDIT_PACKAGE", payload: { credits: 500, bonusCredits: 50 } }),
      ]);
    } finally {
      off();
    }
  });
});

describe("refunds and disputes of credits for the game", () => {
  it("cancels the delivery of a refund that comes before the game claimed it, and leaves the balance alone", async () => {
    const { user, purchase } = await paidInGame();
    const refund = refundEvent(purchase);
    for (let i = 0; i < 2; i++) expect((await send(refund)).status).toBe(200);
    expect(await deliveryOf(purchase.id)).toMatchObject({ status: "CANCELED" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "REFUNDED" });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0, memberRank: "NONE" });
    expect(await ledgerOf(user.id)).toEqual([]);
    expect((await claim(user.id)).deliveries).toEqual([]);
  });

  it("claws the credits back from the site balance when the game already delivered them", async () => {
    const { user, purchase } = await paidInGame();
    const c = await claim(user.id);
    expect(
      await ack(
        c.lease_id,
        c.deliveries.map((d) => d.id),
      ),
    ).toMatchObject({ delivered: [c.deliveries[0]!.id] });
    await send(refundEvent(purchase));
    await send(refundEvent(purchase));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: -1100, totalSpentCents: 0 });
    expect(await ledgerOf(user.id)).toEqual([{ kind: "REFUND", delta: -1100, idempotencyKey: `purchase:${purchase.id}:refund` }]);
    expect(await deliveryOf(purchase.id)).toMatchObject({ status: "DELIVERED" });
    await reconciled(user.id);
  });

  it("claws back under a live lease (the game may be granting it now), and cancels after an expired one", async () => {
    const live = await paidInGame();
    const c = await claim(live.user.id);
    await send(refundEvent(live.purchase));
    expect(await userRow(live.user.id)).toMatchObject({ storeCredits: -1100 });
    expect(await ack(c.lease_id, [c.deliveries[0]!.id])).toEqual({ delivered: [c.deliveries[0]!.id], rejected: [] });

    const lapsed = await paidInGame();
    const l = await claim(lapsed.user.id);
    await db.gameDelivery.updateMany({ where: { leaseId: l.lease_id! }, data: { leasedUntil: new Date(Date.now() - 1000) } });
    await send(refundEvent(lapsed.purchase));
    expect(await userRow(lapsed.user.id)).toMatchObject({ storeCredits: 0 });
    const id = l.deliveries[0]!.id;
    expect(await ack(l.lease_id, [id])).toEqual({ delivered: [], rejected: [{ id, reason: ACK_REASONS.canceled }] });
  });

  it("keeps the books straight when a refund and a claim race", async () => {
    for (let i = 0; i < 4; i++) {
      const { user, purchase } = await paidInGame();
      const [, c] = await Promise.all([send(refundEvent(purchase)), claim(user.id)]);
      const d = await deliveryOf(purchase.id);
      const balance = (await userRow(user.id)).storeCredits;
      if (c.deliveries.length === 1) expect([d.status, balance]).toEqual(["LEASED", -1100]);
      else expect([d.status, balance]).toEqual(["CANCELED", 0]);
      await reconciled(user.id);
    }
  });

  it("cancels on a lost dispute before delivery and queues the delivery again when the dispute is won", async () => {
    const { user, purchase } = await paidInGame();
    await send(disputeEvent(purchase, "lost"));
    expect(await deliveryOf(purchase.id)).toMatchObject({ status: "CANCELED" });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, memberRank: "NONE" });
    await send(disputeEvent(purchase, "won"));
    expect(await deliveryOf(purchase.id)).toMatchObject({ status: "PENDING", leaseId: null });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect((await claim(user.id)).deliveries).toHaveLength(1);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("charges back from the balance after delivery, and gives it back when the dispute is won", async () => {
    const { user, purchase } = await paidInGame();
    const c = await claim(user.id);
    await ack(c.lease_id, [c.deliveries[0]!.id]);
    await send(disputeEvent(purchase, "lost"));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: -1100 });
    await send(disputeEvent(purchase, "won"));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 5000 });
    expect((await ledgerOf(user.id)).map((l) => [l.kind, l.delta])).toEqual([
      ["CHARGEBACK", -1100],
      ["ADJUSTMENT", 1100],
    ]);
    expect(await deliveryOf(purchase.id)).toMatchObject({ status: "DELIVERED" });
    await reconciled(user.id);
  });
});
