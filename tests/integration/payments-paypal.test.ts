import { createSign, type KeyObject } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as capture } from "@/app/api/v1/store/credits/paypal/capture/route";
import { POST as webhook } from "@/app/api/v1/webhooks/paypal/route";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";
import { crc32 } from "@/lib/server/payments/money";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { selfSignedCert, startFakeServer } from "../support/fake-payments";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// PayPal Orders v2 and webhooks against a local fake: orders, capture and the signing
// certificate (self-signed, made in the test) come from the fake; the webhook's cert URL
// names a paypal.com host, which PAYPAL_API_BASE_URL redirects to the fake in tests.

const WEBHOOK_ID = "WH-ID-TEST";
const CERT_URL = "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-test";
const cert = selfSignedCert();
let fake: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
const orders = new Map<string, { purchaseId: string; value: string }>();

beforeAll(async () => {
  fake = await startFakeServer((req) => {
    if (req.path === "/v1/oauth2/token") return { json: { access_token: "token-1", expires_in: 3600 } };
    if (req.path === "/v1/notifications/certs/CERT-360caa42-fca2a594-test") return { text: cert.pem };
    if (req.method === "POST" && req.path === "/v2/checkout/orders") {
      const unit = (JSON.parse(req.body) as { purchase_units: Array<{ custom_id: string; amount: { value: string } }> }).purchase_units[0]!;
      const id = `ORDER${orders.size + 1}X`;
      orders.set(id, { purchaseId: unit.custom_id, value: unit.amount.value });
      return { status: 201, json: { id, status: "CREATED" } };
    }
    const m = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(req.path);
    const order = m && orders.get(m[1]!);
    if (order)
      return {
        status: 201,
        json: {
          id: m![1],
          status: "COMPLETED",
          purchase_units: [
            {
              payments: {
                captures: [{ id: `CAP-${m![1]}`, status: "COMPLETED", amount: { value: order.value, currency_code: "USD" }, custom_id: order.purchaseId }],
              },
            },
          ],
        },
      };
    return { status: 404, json: {} };
  });
  restore = setEnv({
    TRUST_PROXY: "true",
    PAYPAL_CLIENT_ID: "client-id",
    PAYPAL_CLIENT_SECRET: "client-secret",
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_API_BASE_URL: fake.url,
  });
});
afterAll(async () => {
  restore();
  await fake.close();
});

function signedHeaders(body: string, opts: { key?: KeyObject; certUrl?: string; time?: Date; webhookId?: string } = {}) {
  const id = `tx-${Math.random().toString(36).slice(2)}`;
  const time = (opts.time ?? new Date()).toISOString();
  const text = `${id}|${time}|${opts.webhookId ?? WEBHOOK_ID}|${crc32(Buffer.from(body))}`;
  const sig = createSign("RSA-SHA256")
    .update(text)
    .sign(opts.key ?? cert.privateKey, "base64");
  return {
    "paypal-transmission-id": id,
    "paypal-transmission-time": time,
    "paypal-transmission-sig": sig,
    "paypal-cert-url": opts.certUrl ?? CERT_URL,
    "paypal-auth-algo": "SHA256withRSA",
  };
}
const event = (type: string, resource: Record<string, unknown>, id = `WH-${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ id, event_type: type, resource });
const completed = (orderId: string, purchaseId: number, value: string, currency = "USD") =>
  event("PAYMENT.CAPTURE.COMPLETED", {
    id: `CAP-${orderId}`,
    status: "COMPLETED",
    amount: { value, currency_code: currency },
    custom_id: String(purchaseId),
    supplementary_data: { related_ids: { order_id: orderId } },
  });

async function pendingPurchase() {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "paypal" });
  expect(r.status).toBe(201);
  return { user, session, purchase: await purchaseRow(r.json.purchase_id as number), orderId: r.json.order_id as string };
}
const captureAs = (session: string, orderId: string) =>
  call(capture, {
    method: "POST",
    path: "/api/v1/store/credits/paypal/capture",
    body: { order_id: orderId },
    cookies: { session },
    headers: { ...freshClient(), ...SAME_ORIGIN },
  });

describe("PayPal checkout", () => {
  it("creates an order for the purchase's amount, and capture plus five webhook deliveries grant once", async () => {
    const { user, session, purchase, orderId } = await pendingPurchase();
    expect(orders.get(orderId)).toEqual({ purchaseId: String(purchase.id), value: "50.00" });
    expect(purchase).toMatchObject({ providerRef: orderId, status: "PENDING" });
    const body = completed(orderId, purchase.id, "50.00");
    const [captured, ...hooks] = await Promise.all([
      captureAs(session, orderId),
      ...Array.from({ length: 5 }, () => deliver(webhook, "paypal", body, signedHeaders(body))),
    ]);
    expect(captured).toMatchObject({ status: 200, json: { status: "COMPLETED" } });
    expect(hooks.map((h) => h.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000, memberRank: "EXPANSION" });
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(2);
    expect(await db.webhookEvent.count({ where: { eventId: JSON.parse(body).id } })).toBe(1);
  });

  it("refuses another player's capture as if the order did not exist", async () => {
    const { user, orderId } = await pendingPurchase();
    const other = await player();
    expect((await captureAs(other.session, orderId)).status).toBe(404);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0 });
    expect(await userRow(other.user.id)).toMatchObject({ storeCredits: 0 });
  });

  it("answers 400 to a forged signature, a foreign or plain-http certificate URL, a stale transmission, and changes nothing", async () => {
    const { user, purchase, orderId } = await pendingPurchase();
    const body = completed(orderId, purchase.id, "50.00");
    // The foreign and plain-http certificate URLs keep the real certificate's path, which the
    // fake serves whatever host is named (PAYPAL_API_BASE_URL stands in for every host): only
    // the host and scheme check can refuse them, and it does so before fetching anything.
    const certPath = new URL(CERT_URL).pathname;
    const foreign = [`https://paypal.com.evil.example${certPath}`, `https://evilpaypal.com${certPath}`, CERT_URL.replace("https:", "http:")];
    const attempts = [
      signedHeaders(body, { key: selfSignedCert().privateKey }),
      ...foreign.map((certUrl) => signedHeaders(body, { certUrl })),
      signedHeaders(body, { time: new Date(Date.now() - 5 * 24 * 3600_000) }),
      signedHeaders(body, { webhookId: "WH-SOMEONE-ELSE" }),
      {},
    ];
    const certFetches = () => fake.requests.filter((r) => r.path === certPath).length;
    const fetchesBefore = certFetches();
    for (const headers of attempts) expect((await deliver(webhook, "paypal", body, headers)).status).toBe(400);
    expect(certFetches()).toBe(fetchesBefore);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0 });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PENDING" });
    expect(await db.webhookEvent.count({ where: { eventId: JSON.parse(body).id } })).toBe(0);

    // Positive control: the same body signed the same way, naming PayPal's own host, is taken.
    expect((await deliver(webhook, "paypal", body, signedHeaders(body))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 1100, totalSpentCents: 5000 });
    expect(await db.webhookEvent.count({ where: { eventId: JSON.parse(body).id } })).toBe(1);
  });

  it("does not credit a capture of the wrong amount, and records why", async () => {
    const { user, purchase, orderId } = await pendingPurchase();
    const body = completed(orderId, purchase.id, "5.00");
    expect((await deliver(webhook, "paypal", body, signedHeaders(body))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 0 });
    expect(await db.webhookEvent.findFirst({ where: { eventId: JSON.parse(body).id } })).toMatchObject({ error: "paid 500 USD, expected 5000 USD" });
  });

  it("claws back a refund after spending (balance negative, spending refused, rank back) and a reversal once", async () => {
    const { user, purchase, orderId } = await pendingPurchase();
    const paid = completed(orderId, purchase.id, "50.00");
    await deliver(webhook, "paypal", paid, signedHeaders(paid));
    await db.$transaction((tx) =>
      applyCreditChange(tx, { userId: user.id, delta: -1000, kind: "SPEND", idempotencyKey: `test:${user.id}:spend`, mode: "spend" }),
    );
    // PayPal's refund resource names its capture through the "up" link, not always the custom id.
    const refund = event("PAYMENT.CAPTURE.REFUNDED", {
      id: "REF-1",
      status: "COMPLETED",
      amount: { value: "50.00", currency_code: "USD" },
      links: [{ rel: "up", href: `https://api.paypal.com/v2/payments/captures/CAP-${orderId}` }],
    });
    expect((await deliver(webhook, "paypal", refund, signedHeaders(refund))).status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ storeCredits: 100 - 1100, totalSpentCents: 0, memberRank: "NONE" });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "REFUNDED" });
    await expect(
      db.$transaction((tx) => applyCreditChange(tx, { userId: user.id, delta: -1, kind: "SPEND", idempotencyKey: `test:${user.id}:spend2`, mode: "spend" })),
    ).rejects.toThrow(INSUFFICIENT_CREDITS);
    // A reversal of the same capture takes nothing more.
    const reversed = event("PAYMENT.CAPTURE.REVERSED", {
      id: `CAP-${orderId}`,
      status: "REVERSED",
      custom_id: String(purchase.id),
      supplementary_data: { related_ids: { order_id: orderId } },
    });
    await deliver(webhook, "paypal", reversed, signedHeaders(reversed));
    expect(await userRow(user.id)).toMatchObject({ storeCredits: -1000 });
  });

  it("acknowledges an event type it does not act on", async () => {
    const body = event("CHECKOUT.ORDER.APPROVED", { id: "ORDER-X" });
    expect((await deliver(webhook, "paypal", body, signedHeaders(body))).status).toBe(200);
    expect(await db.webhookEvent.findFirst({ where: { eventId: JSON.parse(body).id } })).toMatchObject({ type: "CHECKOUT.ORDER.APPROVED", error: null });
  });
});
