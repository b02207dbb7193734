import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/v1/webhooks/coinbase/route";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeServer } from "../support/fake-payments";

// Coinbase Commerce against a local fake of the charges API; events signed like Coinbase
// does: X-CC-Webhook-Signature = hex HMAC-SHA256 of the raw body under the shared secret.

const SECRET = "coinbase-shared-secret";
let fake: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
let n = 0;

beforeAll(async () => {
  fake = await startFakeServer((req) => {
    if (req.method === "POST" && req.path === "/charges") {
      n += 1;
      return { status: 201, json: { data: { code: `CODE${n}`, hosted_url: `https://commerce.coinbase.com/charges/CODE${n}` } } };
    }
    return { status: 404, json: {} };
  });
  restore = setEnv({ TRUST_PROXY: "true", COINBASE_COMMERCE_API_KEY: "cb-api-key", COINBASE_COMMERCE_WEBHOOK_SECRET: SECRET, COINBASE_API_BASE_URL: fake.url });
});
afterAll(async () => {
  restore();
  await fake.close();
});

const sign = (body: string, secret = SECRET) => ({ "x-cc-webhook-signature": createHmac("sha256", secret).update(body).digest("hex") });
const event = (type: string, code: string, purchaseId: number, amount: string, currency = "USD", id = `ev-${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({
    id: `delivery-${id}`,
    scheduled_for: new Date().toISOString(),
    event: { id, type, api_version: "2018-03-22", data: { code, metadata: { purchase_id: String(purchaseId) }, pricing: { local: { amount, currency } } } },
  });

async function pendingPurchase(priceCents = 5000) {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "coinbase" });
  expect(r.status).toBe(201);
  return { user, purchase: await purchaseRow(r.json.purchase_id as number), answer: r.json };
}

describe("Coinbase Commerce checkout", () => {
  it("creates a fixed-price charge and returns its hosted page", async () => {
    const { purchase, answer } = await pendingPurchase();
    expect(answer).toMatchObject({ hosted_url: expect.stringMatching(/^https:\/\/commerce\.coinbase\.com\/charges\/CODE\d+$/), test_checkout: false });
    const sent = fake.requests.at(-1)!;
    expect(sent.headers["x-cc-api-key"]).toBe("cb-api-key");
    expect(JSON.parse(sent.body)).toMatchObject({
      pricing_type: "fixed_price",
      local_price: { amount: "50.00", currency: "USD" },
      metadata: { purchase_id: String(purchase.id) },
    });
  });

  it("applies a signed charge:confirmed once when delivered five times at once, and sets the rank", async () => {
    const { user, purchase } = await pendingPurchase();
    const body = event("charge:confirmed", purchase.providerRef!, purchase.id, "50.00");
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook, "coinbase", body, sign(body))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000, memberRank: "EXPANSION" });
    // A later charge:resolved for the same charge grants nothing more (same ledger keys).
    const resolved = event("charge:resolved", purchase.providerRef!, purchase.id, "50.00");
    await deliver(webhook, "coinbase", resolved, sign(resolved));
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(2);
  });

  it("answers 400 to a forged or missing signature and changes nothing", async () => {
    const { user, purchase } = await pendingPurchase();
    const body = event("charge:confirmed", purchase.providerRef!, purchase.id, "50.00");
    expect((await deliver(webhook, "coinbase", body, sign(body, "wrong-secret"))).status).toBe(400);
    expect((await deliver(webhook, "coinbase", body, {})).status).toBe(400);
    expect((await deliver(webhook, "coinbase", body.replace("50.00", "0.50"), sign(body))).status).toBe(400);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0 });
    expect(await db.webhookEvent.count({ where: { eventId: JSON.parse(body).event.id } })).toBe(0);
  });

  it("does not credit an underpaid charge, records why, and marks a failed charge", async () => {
    const { user, purchase } = await pendingPurchase();
    const under = event("charge:confirmed", purchase.providerRef!, purchase.id, "49.99");
    expect((await deliver(webhook, "coinbase", under, sign(under))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0 });
    expect(await db.webhookEvent.findFirst({ where: { eventId: JSON.parse(under).event.id } })).toMatchObject({ error: "paid 4999 USD, expected 5000 USD" });
    const failed = event("charge:failed", purchase.providerRef!, purchase.id, "50.00");
    await deliver(webhook, "coinbase", failed, sign(failed));
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "FAILED" });
  });

  it("lets staff-recorded refunds drive the balance negative: spending is then refused", async () => {
    // Coinbase has no refund webhook: a crypto refund is made by staff, and the clawback uses
    // the same force mode; this proves the frozen-balance rule for a crypto-funded wallet.
    const { user, purchase } = await pendingPurchase(2500);
    const body = event("charge:confirmed", purchase.providerRef!, purchase.id, "25.00");
    await deliver(webhook, "coinbase", body, sign(body));
    expect(await userRow(user.id)).toMatchObject({ memberRank: "PREMIUM" });
    await db.$transaction((tx) =>
      applyCreditChange(tx, { userId: user.id, delta: -1100, kind: "SPEND", idempotencyKey: `test:${user.id}:spend`, mode: "spend" }),
    );
    await db.$transaction((tx) =>
      applyCreditChange(tx, {
        userId: user.id,
        delta: -1100,
        kind: "REFUND",
        idempotencyKey: `purchase:${purchase.id}:refund`,
        mode: "force",
        creditPurchaseId: purchase.id,
      }),
    );
    expect(await userRow(user.id)).toMatchObject({ storeCredits: -1100 });
    await expect(
      db.$transaction((tx) => applyCreditChange(tx, { userId: user.id, delta: -1, kind: "SPEND", idempotencyKey: `test:${user.id}:spend2`, mode: "spend" })),
    ).rejects.toThrow(INSUFFICIENT_CREDITS);
  });
});
