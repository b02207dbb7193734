import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { expireCheckouts } from "@/lib/server/payments/expire-checkouts";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { COUPON_ERRORS } from "@/lib/store/pricing";
import { startFakeStripe, stripeEnv, stripeEvents } from "../support/stripe-webhooks";

// Coupons on credit packages, end to end with Stripe (a local fake of its API, events signed with
// the SDK's test header through the real webhook route): the checkout asks for the discounted price,
// only that amount settles it, a refund claws back exactly what was granted, and a failed checkout
// frees its coupon use.

const SECRET = "whsec_integration_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let restore: () => void;

beforeAll(async () => {
  fake = await startFakeStripe();
  restore = setEnv(stripeEnv(SECRET, fake.url));
});
afterAll(async () => {
  restore();
  await fake.close();
});

const { event, signed, succeeded } = stripeEvents(SECRET);

const failed = (pi: string, purchaseId: number) =>
  event("payment_intent.payment_failed", { id: pi, object: "payment_intent", metadata: { purchase_id: String(purchaseId) } });
const code = () => `P${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
const packageCoupon = (data: { kind?: "PERCENT" | "FIXED"; value?: number; maxRedemptions?: number } = {}) =>
  db.coupon.create({ data: { code: code(), kind: "PERCENT", value: 20, scope: "BASKET", storeItems: false, creditPackages: true, ...data } });

describe("a coupon on a credit package", () => {
  it("asks Stripe for the discounted price and records the lines; only that amount settles it (full price refused); a refund claws back exactly what was granted", async () => {
    const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
    const c = await packageCoupon({ value: 20 });
    const { user, session } = await player();
    const r = await startPurchase(session, { id: pkg.id, method: "stripe", coupon: c.code.toLowerCase() });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      amount_cents: 4000,
      lines: [
        { step: "base", label: "Price", amount: 5000 },
        { step: "coupon", label: `Coupon ${c.code} (20% off)`, amount: -1000 },
        { step: "total", label: "Total", amount: 4000 },
      ],
    });
    expect(new URLSearchParams(fake.requests.at(-1)!.body).get("amount")).toBe("4000");
    const purchase = await purchaseRow(r.json.purchase_id as number);
    expect(purchase).toMatchObject({ amountCents: 4000, credits: 1000, bonusCredits: 100, status: "PENDING" });
    expect(await db.couponRedemption.findUniqueOrThrow({ where: { creditPurchaseId: purchase.id } })).toMatchObject({ couponId: c.id, discount: 1000 });

    // The full price is refused, as any mismatch is today.
    const full = succeeded(purchase.providerRef!, purchase.id, 5000);
    expect((await deliver(webhook, "stripe", full, signed(full))).status).toBe(200);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PENDING" });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0 });
    expect((await db.webhookEvent.findFirstOrThrow({ where: { eventId: JSON.parse(full).id } })).error).toBe("paid 5000 usd, expected 4000 USD");

    const paid = succeeded(purchase.providerRef!, purchase.id, 4000);
    expect((await deliver(webhook, "stripe", paid, signed(paid))).status).toBe(200);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 4000 });

    const refund = event("charge.refunded", {
      id: "ch_c1",
      object: "charge",
      payment_intent: purchase.providerRef,
      amount: 4000,
      amount_refunded: 4000,
      refunded: true,
    });
    expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0 });
    expect((await db.creditLedgerEntry.findMany({ where: { creditPurchaseId: purchase.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.delta])).toEqual([
      ["PURCHASE", 1000],
      ["BONUS", 100],
      ["REFUND", -1100],
    ]);
    expect((await findBalanceMismatches()).filter((m) => m.userId === user.id)).toEqual([]);
  });

  it("a one-use coupon: ten concurrent checkouts, exactly one gets it; its failed payment frees the use for the next player", async () => {
    const pkg = await createPackage({ credits: 500, bonusCredits: 0, priceCents: 1000 });
    const c = await packageCoupon({ kind: "FIXED", value: 300, maxRedemptions: 1 });
    const players = await Promise.all(Array.from({ length: 10 }, () => player()));
    const results = await Promise.all(players.map((p) => startPurchase(p.session, { id: pkg.id, method: "stripe", coupon: c.code })));
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json.amount_cents).toBe(700);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.json).toMatchObject({ coupon: [COUPON_ERRORS.limitReached] });
    expect(await db.creditPurchase.count({ where: { creditPackageId: pkg.id } })).toBe(1);

    const late = await player();
    expect((await startPurchase(late.session, { id: pkg.id, method: "stripe", coupon: c.code })).json).toMatchObject({ coupon: [COUPON_ERRORS.limitReached] });
    const first = await purchaseRow(ok[0]!.json.purchase_id as number);
    const fail = failed(first.providerRef!, first.id);
    expect((await deliver(webhook, "stripe", fail, signed(fail))).status).toBe(200);
    expect(await purchaseRow(first.id)).toMatchObject({ status: "FAILED" });
    const again = await startPurchase(late.session, { id: pkg.id, method: "stripe", coupon: c.code });
    expect(again).toMatchObject({ status: 201, json: { amount_cents: 700 } });
  });

  it("a one-use coupon held by an unpaid checkout is freed when the expiry job closes that checkout", async () => {
    const pkg = await createPackage({ credits: 500, bonusCredits: 0, priceCents: 1000 });
    const c = await packageCoupon({ kind: "FIXED", value: 300, maxRedemptions: 1 });
    const [first, late] = await Promise.all([player(), player()]);
    const held = await startPurchase(first.session, { id: pkg.id, method: "stripe", coupon: c.code });
    expect(held).toMatchObject({ status: 201, json: { amount_cents: 700 } });
    expect((await startPurchase(late.session, { id: pkg.id, method: "stripe", coupon: c.code })).json).toMatchObject({ coupon: [COUPON_ERRORS.limitReached] });
    // Opened long enough ago for the job (CHECKOUT_EXPIRY_MINUTES, a day by default) to close it.
    await db.creditPurchase.update({ where: { id: held.json.purchase_id as number }, data: { createdAt: new Date(Date.now() - 2 * 86_400_000) } });
    expect(await expireCheckouts()).toContain(held.json.purchase_id);
    expect(await purchaseRow(held.json.purchase_id as number)).toMatchObject({ status: "EXPIRED" });
    expect(await startPurchase(late.session, { id: pkg.id, method: "stripe", coupon: c.code })).toMatchObject({ status: 201, json: { amount_cents: 700 } });
  });

  it("a coupon for store items only is refused for a package, naming coupon; without a coupon the full price is asked", async () => {
    const pkg = await createPackage({ priceCents: 2500 });
    const storeOnly = await db.coupon.create({ data: { code: code(), kind: "PERCENT", value: 10, scope: "BASKET" } });
    const { session } = await player();
    const r = await startPurchase(session, { id: pkg.id, method: "stripe", coupon: storeOnly.code });
    expect(r).toMatchObject({ status: 400, json: { coupon: [COUPON_ERRORS.notForProduct] } });
    const plain = await startPurchase(session, { id: pkg.id, method: "stripe" });
    expect(plain).toMatchObject({ status: 201, json: { amount_cents: 2500 } });
    expect(await db.couponRedemption.count({ where: { couponId: storeOnly.id } })).toBe(0);
  });
});
