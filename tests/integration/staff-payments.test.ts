// The staff payments area: purchases with their provider events, and re-applying an
// event the settlement refused once staff have fixed its cause. Events are made to fail for
// real: signed webhooks whose paid amount differs from the purchase go through the real routes.
import { createHmac } from "node:crypto";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listPaymentsRoute } from "@/app/api/v1/staff/payments/route";
import { GET as listEventsRoute } from "@/app/api/v1/staff/payments/events/route";
import { POST as reapplyRoute } from "@/app/api/v1/staff/payments/events/[id]/reapply/route";
import { POST as coinbaseWebhook } from "@/app/api/v1/webhooks/coinbase/route";
import { POST as stripeWebhook } from "@/app/api/v1/webhooks/stripe/route";
import type { Operation } from "@/lib/schemas/api";
import { staffPaymentOperations } from "@/lib/schemas/staff-payments";
import { db } from "@/lib/server/db";
import { paypalAdapter } from "@/lib/server/payments/paypal";
import { applyEffect } from "@/lib/server/payments/settle";
import { runReconcile } from "@/scripts/admin";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeServer } from "../support/fake-payments";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// `npm run admin -- reconcile` checks every balance in the database: this file's database is its
// own, so other files' deliberately broken balances do not show up in it.

const STRIPE_SECRET = "whsec_staff_payments_test";
const COINBASE_SECRET = "coinbase-staff-payments-secret";
let fake: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
let admin: { id: number; session: string };
let n = 0;

beforeAll(async () => {
  fake = await startFakeServer((req) => {
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      n += 1;
      return { json: { id: `pi_staff_${n}`, object: "payment_intent", client_secret: `pi_staff_${n}_secret_x` } };
    }
    return { status: 404, json: { error: { message: "no such route" } } };
  });
  restore = setEnv({
    TRUST_PROXY: "true",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    STRIPE_API_BASE_URL: fake.url,
    COINBASE_COMMERCE_API_KEY: "cb-api-key",
    COINBASE_COMMERCE_WEBHOOK_SECRET: COINBASE_SECRET,
    COINBASE_API_BASE_URL: fake.url,
  });
  const user = await createUser({ privilege: "ADMINISTRATOR" });
  admin = { id: user.id, session: await createSessionToken(user.id) };
});
afterAll(async () => {
  restore();
  await fake.close();
});

const stripeEvent = (pi: string, purchaseId: number, amount: number, id = `evt_${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({
    id,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: pi, object: "payment_intent", amount_received: amount, currency: "usd", metadata: { purchase_id: String(purchaseId) } } },
  });
const stripeSigned = (body: string) => ({ "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SECRET }) });

/** A player with a PENDING Stripe purchase of a $50 package (1000 + 100 bonus credits). */
async function pendingStripePurchase() {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "stripe" });
  expect(r.status).toBe(201);
  return { user, purchase: await purchaseRow(r.json.purchase_id as number) };
}

/**
 * A purchase whose Stripe payment was refused for real: the provider reports $49.99 paid
 * (a promotion code at checkout, say) where the purchase expects $50.00.
 */
async function refusedPayment() {
  const { user, purchase } = await pendingStripePurchase();
  const body = stripeEvent(purchase.providerRef!, purchase.id, 4999);
  expect((await deliver(stripeWebhook, "stripe", body, stripeSigned(body))).status).toBe(200);
  const event = await db.webhookEvent.findFirstOrThrow({ where: { provider: "STRIPE", eventId: JSON.parse(body).id } });
  expect(event.error).toBe("paid 4999 usd, expected 5000 USD");
  return { user, purchase, event, body };
}

/** What staff do once they decide to honour what was paid: the purchase's price becomes the amount received. */
const acceptPaidAmount = (purchaseId: number) => db.creditPurchase.update({ where: { id: purchaseId }, data: { amountCents: 4999 } });

const reapply = (eventId: number, reason = "Promotion code at checkout; honoured the $49.99 paid") =>
  call(reapplyRoute, {
    method: "POST",
    path: `/api/v1/staff/payments/events/${eventId}/reapply`,
    params: { id: String(eventId) },
    body: { reason },
    headers: { ...SAME_ORIGIN, ...freshClient() },
    cookies: { session: admin.session },
  });
const ledgerOf = (userId: number) =>
  db.creditLedgerEntry.findMany({ where: { userId }, select: { kind: true, delta: true, idempotencyKey: true }, orderBy: { id: "asc" } });
const auditsOf = (eventId: number) => db.auditLog.findMany({ where: { targetType: "webhook_event", targetId: String(eventId) }, orderBy: { id: "asc" } });

async function handlerFor(op: Operation) {
  const dir = op.path.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "[$1]");
  const mod = (await import(path.join(import.meta.dirname, "../../app/api", dir, "route.ts"))) as Record<string, Parameters<typeof call>[0]>;
  return mod[op.method]!;
}

describe("staff payments list", () => {
  it("shows each purchase with its status, provider and stored events (raw payload, verified signature, applied or not)", async () => {
    const paid = await pendingStripePurchase();
    const body = stripeEvent(paid.purchase.providerRef!, paid.purchase.id, 5000);
    await deliver(stripeWebhook, "stripe", body, stripeSigned(body));
    const refused = await refusedPayment();

    const r = await call(listPaymentsRoute, { path: "/api/v1/staff/payments?provider=stripe", cookies: { session: admin.session }, headers: freshClient() });
    expect(r.status).toBe(200);
    const results = r.json.results as { id: number; status: string; events: Record<string, unknown>[] }[];
    const shownPaid = results.find((p) => p.id === paid.purchase.id)!;
    expect(shownPaid).toMatchObject({
      status: "paid",
      provider: "stripe",
      player: { id: paid.user.id, username: paid.user.username },
      amountCents: 5000,
      currency: "USD",
      credits: 1000,
      bonusCredits: 100,
    });
    expect(shownPaid.events).toEqual([
      expect.objectContaining({
        provider: "stripe",
        eventId: JSON.parse(body).id,
        type: "payment_intent.succeeded",
        applied: true,
        error: null,
        signature: "verified",
        purchaseId: paid.purchase.id,
        payload: JSON.parse(body),
      }),
    ]);
    const shownRefused = results.find((p) => p.id === refused.purchase.id)!;
    expect(shownRefused).toMatchObject({ status: "pending" });
    expect(shownRefused.events).toEqual([
      expect.objectContaining({
        id: refused.event.id,
        applied: false,
        error: "paid 4999 usd, expected 5000 USD",
        signature: "verified",
        payload: JSON.parse(refused.body),
      }),
    ]);
  });

  it("filters by status and provider, and pages 20 at a time with links that keep the filters", async () => {
    const { user } = await player();
    const pkg = await createPackage();
    const rows = [];
    for (let i = 0; i < 21; i++) {
      rows.push(
        await db.creditPurchase.create({
          data: {
            userId: user.id,
            creditPackageId: pkg.id,
            method: "COINBASE",
            status: "FAILED",
            providerRef: `CODEFAIL${i}-${pkg.id}`,
            credits: 10,
            bonusCredits: 0,
            amountCents: 100,
          },
        }),
      );
    }
    await db.creditPurchase.create({
      data: {
        userId: user.id,
        creditPackageId: pkg.id,
        method: "COINBASE",
        status: "PENDING",
        providerRef: `CODEPEND-${pkg.id}`,
        credits: 10,
        bonusCredits: 0,
        amountCents: 100,
      },
    });
    const get = (q: string) => call(listPaymentsRoute, { path: `/api/v1/staff/payments?${q}`, cookies: { session: admin.session }, headers: freshClient() });

    const first = await get("status=failed&provider=coinbase");
    const firstIds = (first.json.results as { id: number; status: string; provider: string }[]).map((p) => p.id);
    expect(firstIds).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((p) => p.id),
    );
    expect(first.json.previous).toBeNull();
    expect(new URL(first.json.next as string).search).toBe("?status=failed&provider=coinbase&page=2");
    const second = await get("status=failed&provider=coinbase&page=2");
    expect((second.json.results as { id: number }[]).map((p) => p.id)).toEqual([rows[0]!.id]);
    expect(second.json.next).toBeNull();

    const stripeOnly = await get("provider=stripe");
    expect((stripeOnly.json.results as { provider: string }[]).every((p) => p.provider === "stripe")).toBe(true);
    const pending = await get("status=pending&provider=coinbase");
    expect((pending.json.results as { providerRef: string }[]).map((p) => p.providerRef)).toEqual([`CODEPEND-${pkg.id}`]);

    const bad = await get("status=lost&provider=visa");
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      status: [expect.stringContaining("Status must be one of")],
      provider: [expect.stringContaining("Provider must be one of")],
    });
  });
});

describe("re-applying an event that was not applied", () => {
  it("lists the refused event with its error; once the cause is fixed, re-apply credits once, moves total spent and rank, and is audited", async () => {
    const { user, purchase, event } = await refusedPayment();
    const failed = await call(listEventsRoute, {
      path: "/api/v1/staff/payments/events?state=failed&provider=stripe",
      cookies: { session: admin.session },
      headers: freshClient(),
    });
    expect(failed.status).toBe(200);
    expect(failed.json.results).toContainEqual(
      expect.objectContaining({ id: event.id, applied: false, error: "paid 4999 usd, expected 5000 USD", purchaseId: purchase.id, signature: "verified" }),
    );

    // Before the fix the settlement still refuses it: 409 with its reason, and nothing is written.
    const early = await reapply(event.id);
    expect(early.status).toBe(409);
    expect(early.json.details).toBe("Still not applied: paid 4999 usd, expected 5000 USD.");
    expect(await auditsOf(event.id)).toEqual([]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0, memberRank: "NONE" });

    await acceptPaidAmount(purchase.id);
    const r = await reapply(event.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      outcome: "applied",
      event: { id: event.id, applied: true, error: null },
      purchase: { id: purchase.id, status: "paid" },
      player: { id: user.id, storeCredits: 1100, totalSpentCents: 4999, memberRank: "PREMIUM" },
    });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 4999, memberRank: "PREMIUM" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID", paidAt: expect.any(Date) });
    expect(await ledgerOf(user.id)).toEqual([
      { kind: "PURCHASE", delta: 1000, idempotencyKey: `purchase:${purchase.id}:purchase` },
      { kind: "BONUS", delta: 100, idempotencyKey: `purchase:${purchase.id}:bonus` },
    ]);
    const stored = await db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } });
    expect(stored.error).toBeNull();
    expect(stored.processedAt!.getTime()).toBeGreaterThan(event.processedAt!.getTime());

    const audits = await auditsOf(event.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "payments.event_reapplied", actorId: admin.id, targetType: "webhook_event", targetId: String(event.id) });
    const data = audits[0]!.data as Record<string, Record<string, Record<string, unknown>> | string>;
    expect(Object.keys(data).sort()).toEqual(["after", "before", "reason"]);
    expect(data.reason).toBe("Promotion code at checkout; honoured the $49.99 paid");
    expect(data.before).toMatchObject({
      event: { error: "paid 4999 usd, expected 5000 USD" },
      purchase: { status: "pending" },
      player: { storeCredits: 0, totalSpentCents: 0, memberRank: "NONE" },
    });
    expect(data.after).toMatchObject({
      event: { error: null },
      purchase: { status: "paid" },
      player: { storeCredits: 1100, totalSpentCents: 4999, memberRank: "PREMIUM" },
    });

    // A second re-apply answers that it is already applied and changes nothing.
    const again = await reapply(event.id);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ outcome: "already-applied", event: { id: event.id, applied: true } });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 4999, memberRank: "PREMIUM" });
    expect(await ledgerOf(user.id)).toHaveLength(2);
    expect(await auditsOf(event.id)).toHaveLength(1);

    expect(await runReconcile()).toEqual({ code: 0, message: expect.stringContaining("Reconciled") });
  });

  it("credits once when the same event is re-applied five times at once", async () => {
    const { user, purchase, event } = await refusedPayment();
    await acceptPaidAmount(purchase.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => reapply(event.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.outcome).sort()).toEqual(["already-applied", "already-applied", "already-applied", "already-applied", "applied"]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 4999, memberRank: "PREMIUM" });
    expect(await ledgerOf(user.id)).toHaveLength(2);
    expect(await auditsOf(event.id)).toHaveLength(1);
    expect((await runReconcile()).code).toBe(0);
  });

  it("the settlement alone pays a purchase once when its effect is applied in five transactions at once", async () => {
    // What re-apply stands on beneath its own lock on the event: the purchase row lock, the
    // PENDING/FAILED condition and the unique ledger keys of the settlement (settle.ts).
    const { user, purchase } = await pendingStripePurchase();
    const effect = { kind: "paid" as const, providerRef: purchase.providerRef!, purchaseId: purchase.id, amountCents: 5000, currency: "usd" };
    const results = await Promise.all(Array.from({ length: 5 }, () => db.$transaction((tx) => applyEffect(tx, "stripe", effect))));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect(await ledgerOf(user.id)).toHaveLength(2);
    expect((await runReconcile()).code).toBe(0);
    // The first pays it; the four after it wait for the purchase row, then find it paid.
    expect(results.map((r) => r.outcome).sort()).toEqual(["applied", "ignored", "ignored", "ignored", "ignored"]);
  });

  it("re-applies a Coinbase charge the same way, from its stored payload", async () => {
    const { user } = await player();
    const pkg = await createPackage({ credits: 500, bonusCredits: 0, priceCents: 2500 });
    const purchase = await db.creditPurchase.create({
      data: {
        userId: user.id,
        creditPackageId: pkg.id,
        method: "COINBASE",
        providerRef: `CODESTAFF${pkg.id}`,
        credits: 500,
        bonusCredits: 0,
        amountCents: 2500,
      },
    });
    const id = `ev-${pkg.id}`;
    const body = JSON.stringify({
      id: `delivery-${id}`,
      event: {
        id,
        type: "charge:confirmed",
        data: { code: purchase.providerRef, metadata: { purchase_id: String(purchase.id) }, pricing: { local: { amount: "25.00", currency: "EUR" } } },
      },
    });
    const signed = { "x-cc-webhook-signature": createHmac("sha256", COINBASE_SECRET).update(body).digest("hex") };
    expect((await deliver(coinbaseWebhook, "coinbase", body, signed)).status).toBe(200);
    const event = await db.webhookEvent.findFirstOrThrow({ where: { provider: "COINBASE", eventId: id } });
    expect(event.error).toBe("paid 2500 EUR, expected 2500 USD");
    // The fix: this package was sold in euros.
    await db.creditPurchase.update({ where: { id: purchase.id }, data: { currency: "EUR" } });
    expect((await reapply(event.id, "Package priced in euros")).json).toMatchObject({
      outcome: "applied",
      player: { storeCredits: 500, totalSpentCents: 2500, memberRank: "PREMIUM" },
    });
  });

  it("reads PayPal's stored capture answer back as the payment it reported", async () => {
    const effect = await paypalAdapter.effectOfStored("CAPTURE.ANSWER", {
      resource: { id: "CAP1", status: "COMPLETED", amount: { value: "50.00", currency_code: "USD" }, custom_id: "42" },
    });
    expect(effect).toEqual({ kind: "paid", providerRef: "", purchaseId: 42, amountCents: 5000, currency: "USD" });
  });

  it("answers 404 for an event that does not exist, and 400 without a reason", async () => {
    expect((await reapply(2_147_483_000)).status).toBe(404);
    const { event } = await refusedPayment();
    const r = await reapply(event.id, " ");
    expect(r.status).toBe(400);
    expect(r.json.reason).toEqual([expect.any(String)]);
  });
});

describe("who may use the payments area", () => {
  const VALID_BODY: Record<string, unknown> = { "/api/v1/staff/payments/events/{id}/reapply": { reason: "forbidden check" } };
  it.each([
    { who: "a guest", privilege: null, status: 401 },
    { who: "a player", privilege: "PLAYER", status: 403 },
    { who: "a moderator", privilege: "MODERATOR", status: 403 },
    { who: "an administrator", privilege: "ADMINISTRATOR", status: 200 },
  ] as const)("answers $who with $status on every operation", async ({ privilege, status }) => {
    const { event } = await refusedPayment();
    await acceptPaidAmount(event.creditPurchaseId!);
    const user = privilege ? await createUser({ privilege }) : null;
    const session = user ? await createSessionToken(user.id) : null;
    for (const op of staffPaymentOperations as Operation[]) {
      expect(op.auth).toBe("administrator");
      const r = await call(await handlerFor(op), {
        method: op.method,
        path: op.path.replace("{id}", String(event.id)),
        params: op.path.includes("{id}") ? { id: String(event.id) } : {},
        body: op.method === "GET" ? undefined : VALID_BODY[op.path],
        headers: { ...SAME_ORIGIN, ...freshClient() },
        ...(session ? { cookies: { session } } : {}),
      });
      expect(r.status, `${op.method} ${op.path}`).toBe(status);
    }
    // Only the administrator's re-apply wrote anything.
    expect((await db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).error === null).toBe(status === 200);
    expect(await auditsOf(event.id)).toHaveLength(status === 200 ? 1 : 0);
  });
});
