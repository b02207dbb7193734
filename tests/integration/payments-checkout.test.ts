import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as config } from "@/app/api/v1/store/credits/config/route";
import { POST as testCheckout } from "@/app/api/v1/store/credits/test-checkout/route";
import { db } from "@/lib/server/db";
import { NO_METHOD, NO_PACKAGE } from "@/lib/schemas/payments";
import { PACKAGE_NOT_FOUND } from "@/lib/server/payments/create-purchase";
import { setEnv } from "../support/env";
import { createPackage, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Local mode without provider keys: every method runs in the test checkout, which pays a
// purchase by sending the provider's correctly signed event through the webhook path.

const NO_KEYS = {
  STRIPE_SECRET_KEY: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  STRIPE_WEBHOOK_SECRET: undefined,
  PAYPAL_CLIENT_ID: undefined,
  PAYPAL_CLIENT_SECRET: undefined,
  PAYPAL_WEBHOOK_ID: undefined,
  COINBASE_COMMERCE_API_KEY: undefined,
  COINBASE_COMMERCE_WEBHOOK_SECRET: undefined,
  PAYMENT_METHODS: undefined,
  PAYMENT_TEST_CHECKOUT: undefined,
};
let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true", ...NO_KEYS });
});
afterAll(() => restore());

const complete = (session: string, purchaseId: unknown) =>
  call(testCheckout, {
    method: "POST",
    path: "/api/v1/store/credits/test-checkout",
    body: { purchase_id: purchaseId },
    cookies: { session },
    headers: { ...freshClient(), ...SAME_ORIGIN },
  });

describe("credit purchase input", () => {
  it("names the missing package and method with the words of docs/product.md §8", async () => {
    const { session } = await player();
    const r = await startPurchase(session, {});
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ id: [NO_PACKAGE], method: [NO_METHOD] });
    const nulls = await startPurchase(session, { id: null, method: "" });
    expect(nulls.json).toMatchObject({ id: [NO_PACKAGE], method: [NO_METHOD] });
    expect((await startPurchase(session, { id: 1, method: "cheque" })).json).toMatchObject({ method: [NO_METHOD] });
  });

  it("sells active packages only, and only to a signed-in player", async () => {
    const hidden = await createPackage({ active: false });
    const { user, session } = await player();
    expect(await startPurchase(session, { id: hidden.id, method: "stripe" })).toMatchObject({ status: 400, json: { id: [PACKAGE_NOT_FOUND] } });
    expect(await db.creditPurchase.count({ where: { userId: user.id } })).toBe(0);
    const { POST } = await import("@/app/api/v1/store/credits/purchase/route");
    expect((await call(POST, { method: "POST", body: { id: hidden.id, method: "stripe" }, headers: freshClient() })).status).toBe(401);
  });
});

describe("local test checkout", () => {
  it("says so in the public config", async () => {
    expect((await call(config)).json).toEqual({
      stripe_publishable_key: null,
      paypal_client_id: null,
      test_checkout: true,
      methods: ["stripe", "paypal", "coinbase"],
    });
  });

  for (const method of ["stripe", "paypal", "coinbase"] as const) {
    it(`pays a ${method} purchase through the signed webhook path, once`, async () => {
      const pkg = await createPackage({ credits: 500, bonusCredits: 50, priceCents: 2500 });
      const { user, session } = await player();
      const started = await startPurchase(session, { id: pkg.id, method });
      expect(started).toMatchObject({ status: 201, json: { test_checkout: true } });
      const id = started.json.purchase_id as number;
      const [a, b] = await Promise.all([complete(session, id), complete(session, id)]);
      expect(a).toMatchObject({ status: 200, json: { status: "PAID", credits: 550 } });
      expect(b).toMatchObject({ status: 200, json: { status: "PAID", credits: 550 } });
      expect(await userRow(user.id)).toMatchObject({ storeCredits: 550, totalSpentCents: 2500, memberRank: "PREMIUM" });
      // It went through the webhook store like a provider's delivery would: exactly one event
      // row for this purchase (the twin completion was a duplicate), applied without error…
      const provider = method.toUpperCase() as "STRIPE" | "PAYPAL" | "COINBASE";
      const events = await db.webhookEvent.findMany({ where: { creditPurchaseId: id } });
      expect(events).toHaveLength(1);
      const event = events[0]!;
      expect(event).toMatchObject({ provider, creditPurchaseId: id, error: null, processedAt: expect.any(Date) });
      expect(event.eventId).toContain(String(id));
      // …and the credits are the ledger entries of that purchase, written while that event was settled.
      const ledger = await db.creditLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
      expect(ledger.map((e) => ({ kind: e.kind, delta: e.delta, creditPurchaseId: e.creditPurchaseId }))).toEqual([
        { kind: "PURCHASE", delta: 500, creditPurchaseId: event.creditPurchaseId },
        { kind: "BONUS", delta: 50, creditPurchaseId: event.creditPurchaseId },
      ]);
      for (const e of ledger) {
        expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(event.receivedAt.getTime());
        expect(e.createdAt.getTime()).toBeLessThanOrEqual(event.processedAt!.getTime());
      }
      expect(await db.webhookEvent.count({ where: { provider } })).toBeGreaterThan(0);
    });
  }

  it("completes a PayPal approval through the same test checkout, and checks the order id", async () => {
    const { POST: capture } = await import("@/app/api/v1/store/credits/paypal/capture/route");
    const pkg = await createPackage({ credits: 200, bonusCredits: 0, priceCents: 1000 });
    const { user, session } = await player();
    const started = await startPurchase(session, { id: pkg.id, method: "paypal" });
    const captureAs = (order_id: unknown) =>
      call(capture, { method: "POST", body: { order_id }, cookies: { session }, headers: { ...freshClient(), ...SAME_ORIGIN } });
    expect(await captureAs("bad id!")).toMatchObject({ status: 400, json: { order_id: [expect.any(String)] } });
    expect(await captureAs(started.json.order_id)).toMatchObject({ status: 200, json: { status: "COMPLETED" } });
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 200 });
  });

  it("will not complete another player's purchase", async () => {
    const pkg = await createPackage();
    const owner = await player();
    const started = await startPurchase(owner.session, { id: pkg.id, method: "stripe" });
    const thief = await player();
    const r = await complete(thief.session, started.json.purchase_id);
    expect(r.status).toBe(404);
    expect(await purchaseRow(started.json.purchase_id as number)).toMatchObject({ status: "PENDING" });
    expect(await userRow(thief.user.id)).toMatchObject({ storeCredits: 0 });
    expect(await userRow(owner.user.id)).toMatchObject({ storeCredits: 0 });
  });

  it("does not exist when the test checkout is off", async () => {
    const pkg = await createPackage();
    const { session } = await player();
    const started = await startPurchase(session, { id: pkg.id, method: "coinbase" });
    const off = setEnv({ PAYMENT_TEST_CHECKOUT: "false" });
    try {
      expect((await complete(session, started.json.purchase_id)).status).toBe(404);
      expect((await call(config)).json).toMatchObject({ test_checkout: false, methods: [] });
    } finally {
      off();
    }
  });
});
