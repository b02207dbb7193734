import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeStripe, stripeEnv, stripeEvents } from "../support/stripe-webhooks";

// Stripe end to end against a local fake of its API: the PaymentIntent is created through the
// SDK, and events signed with the SDK's own test header go through the real webhook route.

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

/** The "You are now <rank>" mails sent to an address. */
const rankMails = (to: string) => db.mailMessage.findMany({ where: { to, subject: { startsWith: "You are now " } }, orderBy: { id: "asc" } });

/** A player with a PENDING Stripe purchase of a $50 package (1000 + 100 bonus). */
async function pendingPurchase() {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "stripe" });
  expect(r.status).toBe(201);
  const purchase = await purchaseRow(r.json.purchase_id as number);
  return { user, session, purchase, answer: r.json };
}

describe("Stripe checkout", () => {
  it("creates a PaymentIntent with an idempotency key per purchase and the purchase id in metadata", async () => {
    const { purchase, answer } = await pendingPurchase();
    expect(answer).toMatchObject({ client_secret: expect.stringMatching(/^pi_fake_\d+_secret_/), purchase_id: purchase.id, test_checkout: false });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers["idempotency-key"]).toBe(`credit-purchase-${purchase.id}`);
    expect(new URLSearchParams(sent.body).get("metadata[purchase_id]")).toBe(String(purchase.id));
    expect(new URLSearchParams(sent.body).get("amount")).toBe("5000");
    expect(purchase).toMatchObject({
      status: "PENDING",
      method: "STRIPE",
      amountCents: 5000,
      credits: 1000,
      bonusCredits: 100,
      providerRef: expect.stringMatching(/^pi_fake_/),
    });
  });

  it("applies a signed payment_intent.succeeded once when delivered five times at once, and sets the rank", async () => {
    const { user, purchase } = await pendingPurchase();
    const body = succeeded(purchase.providerRef!, purchase.id, 5000);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook, "stripe", body, signed(body))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
    // The rank reached is told once, whatever the deliveries: with what the next rank needs.
    const told = await rankMails(user.email);
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^You are now Expansion on /)]);
    // And shown once behind the bell (docs/notifications.md), in the same transaction.
    expect(await db.notification.findMany({ where: { userId: user.id, type: "donator_rank" }, select: { link: true } })).toEqual([{ link: "/account" }]);
    expect(told[0]!.text).toContain("$150.00 more takes you to Extreme.");
    expect(
      await db.creditLedgerEntry.findMany({ where: { userId: user.id }, select: { kind: true, delta: true, idempotencyKey: true }, orderBy: { id: "asc" } }),
    ).toEqual([
      { kind: "PURCHASE", delta: 1000, idempotencyKey: `purchase:${purchase.id}:purchase` },
      { kind: "BONUS", delta: 100, idempotencyKey: `purchase:${purchase.id}:bonus` },
    ]);
    expect(await db.webhookEvent.count({ where: { provider: "STRIPE", eventId: JSON.parse(body).id } })).toBe(1);
    expect((await findBalanceMismatches()).filter((m) => m.userId === user.id)).toEqual([]);
  });

  it("answers 400 to a forged, stale or missing signature and changes nothing", async () => {
    const { user, purchase } = await pendingPurchase();
    const body = succeeded(purchase.providerRef!, purchase.id, 5000);
    const forged = await deliver(webhook, "stripe", body, signed(body, { secret: "whsec_someone_else" }));
    const stale = await deliver(webhook, "stripe", body, signed(body, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    const missing = await deliver(webhook, "stripe", body, {});
    // A valid signature over different bytes does not cover a tampered body.
    const tampered = await deliver(webhook, "stripe", body.replace('"amount_received":5000', '"amount_received":5001'), signed(body));
    expect([forged.status, stale.status, missing.status, tampered.status]).toEqual([400, 400, 400, 400]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0, memberRank: "NONE" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PENDING" });
    expect(await db.webhookEvent.count({ where: { eventId: JSON.parse(body).id } })).toBe(0);
  });

  it("does not credit a payment whose amount or currency differs from the purchase, and records why", async () => {
    const { user, purchase } = await pendingPurchase();
    const warn = vi.spyOn(log, "warn");
    const cheap = succeeded(purchase.providerRef!, purchase.id, 500);
    const euros = succeeded(purchase.providerRef!, purchase.id, 5000, "eur");
    expect((await deliver(webhook, "stripe", cheap, signed(cheap))).status).toBe(200);
    expect((await deliver(webhook, "stripe", euros, signed(euros))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0 });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PENDING" });
    const stored = await db.webhookEvent.findMany({ where: { eventId: { in: [JSON.parse(cheap).id, JSON.parse(euros).id] } }, orderBy: { id: "asc" } });
    expect(stored.map((e) => e.error)).toEqual(["paid 500 usd, expected 5000 USD", "paid 5000 eur, expected 5000 USD"]);
    expect(warn).toHaveBeenCalledWith(
      "payment event not applied",
      expect.objectContaining({ provider: "stripe", purchaseId: purchase.id, error: "paid 500 usd, expected 5000 USD" }),
    );
    warn.mockRestore();
  });

  it("claws back a refund after spending: the balance goes negative, spending is refused, the rank drops", async () => {
    const { user, purchase } = await pendingPurchase();
    const paid = succeeded(purchase.providerRef!, purchase.id, 5000);
    await deliver(webhook, "stripe", paid, signed(paid));
    await db.$transaction((tx) =>
      applyCreditChange(tx, { userId: user.id, delta: -800, kind: "SPEND", idempotencyKey: `test:${user.id}:spend`, mode: "spend" }),
    );
    const refund = event("charge.refunded", {
      id: "ch_1",
      object: "charge",
      payment_intent: purchase.providerRef,
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
    });
    for (let i = 0; i < 2; i++) expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 300 - 1100, totalSpentCents: 0, memberRank: "NONE" });
    // A rank lost is not a rank reached: the one mail is still the payment's.
    expect(await rankMails(user.email)).toHaveLength(1);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "REFUNDED" });
    await expect(
      db.$transaction((tx) => applyCreditChange(tx, { userId: user.id, delta: -1, kind: "SPEND", idempotencyKey: `test:${user.id}:spend2`, mode: "spend" })),
    ).rejects.toThrow(INSUFFICIENT_CREDITS);
    expect((await findBalanceMismatches()).filter((m) => m.userId === user.id)).toEqual([]);
  });

  it("takes the credits back on a lost dispute and restores them when a dispute is won", async () => {
    const { user, purchase } = await pendingPurchase();
    const paid = succeeded(purchase.providerRef!, purchase.id, 5000);
    await deliver(webhook, "stripe", paid, signed(paid));
    const opened = event("charge.dispute.created", { id: "dp_1", object: "dispute", payment_intent: purchase.providerRef, status: "needs_response" });
    await deliver(webhook, "stripe", opened, signed(opened));
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "DISPUTED" });
    const lost = event("charge.dispute.closed", { id: "dp_1", object: "dispute", payment_intent: purchase.providerRef, status: "lost" });
    await deliver(webhook, "stripe", lost, signed(lost));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, memberRank: "NONE" });
    const won = event("charge.dispute.closed", { id: "dp_1", object: "dispute", payment_intent: purchase.providerRef, status: "won" });
    await deliver(webhook, "stripe", won, signed(won));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
  });

  it("acknowledges and stores an event type it does not act on", async () => {
    const body = event("customer.created", { id: "cus_1", object: "customer" });
    expect(await deliver(webhook, "stripe", body, signed(body))).toMatchObject({ status: 200, json: { received: true } });
    expect(await db.webhookEvent.findFirst({ where: { eventId: JSON.parse(body).id } })).toMatchObject({ type: "customer.created", error: null });
  });
});
