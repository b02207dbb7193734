// Receipts (docs/payments.md "Receipts"): every order paid with money mails one receipt, queued
// in the settling transaction and delivered over SMTP by the job queue, once, however often and
// however concurrently the provider's signed webhook arrives. Store items bought with credits,
// refunds and refused payments mail none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { orderNumber } from "@/lib/orders/order-number";
import { db } from "@/lib/server/db";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { createPackage, deliver, player, purchaseRow, startPurchase } from "../support/fake-payment-data";
import { startFakeStripe, STRIPE_TEST_KEYS, stripeEvents } from "../support/stripe-webhooks";
import { runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile, linkIn } from "../support/smtp-capture";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

const SECRET = "whsec_receipts_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
beforeAll(async () => {
  fake = await startFakeStripe((n) => `pi_rcpt_${n}`);
  process.env.STRIPE_API_BASE_URL = fake.url;
});
afterAll(async () => {
  await fake.close();
});
const mailbox = captureMailForFile({
  TRUST_PROXY: "true",
  ...STRIPE_TEST_KEYS,
  STRIPE_WEBHOOK_SECRET: SECRET,
});

const { event, signed, succeeded } = stripeEvents(SECRET);

async function pendingPurchase(priceCents = 5000) {
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents });
  const { user, session } = await player();
  const r = await startPurchase(session, { id: pkg.id, method: "stripe" });
  expect(r.status).toBe(201);
  return { user, purchase: await purchaseRow(r.json.purchase_id as number) };
}
const receiptRows = (to: string) => db.mailMessage.findMany({ where: { to, subject: { startsWith: "Your receipt for order " } } });
const receiptsSent = (to: string) => mailbox().messages.filter((m) => m.to.includes(to) && m.subject.startsWith("Your receipt for order "));

describe("receipt emails", () => {
  it("mails one receipt with the order number, items, amount and new balance, though the webhook arrives twice and a second event follows", async () => {
    const { user, purchase } = await pendingPurchase();
    await giveCredits(user.id, 25);
    const body = succeeded(purchase.providerRef!, purchase.id, 5000);
    expect((await deliver(webhook, "stripe", body, signed(body))).status).toBe(200);
    // Queued in the settling transaction, before any job ran.
    expect(await receiptRows(user.email)).toHaveLength(1);
    expect((await deliver(webhook, "stripe", body, signed(body))).status).toBe(200);
    const other = succeeded(purchase.providerRef!, purchase.id, 5000);
    expect((await deliver(webhook, "stripe", other, signed(other))).status).toBe(200);
    await runJobsUntilIdle();
    const sent = receiptsSent(user.email);
    const number = orderNumber("credits", purchase.id);
    expect(sent.map((m) => m.subject)).toEqual([`Your receipt for order ${number}`]);
    const text = sent[0]!.body;
    expect(text).toContain(`Order ${number}, paid `);
    expect(text).toContain("1,000 credits (+100 bonus): $50.00");
    expect(text).toContain("Total paid: $50.00");
    expect(text).toContain("New balance: 1,125 credits.");
    expect(linkIn(sent[0]!, `/account/orders/${number}`).pathname).toBe(`/account/orders/${number}`);
    expect(await receiptRows(user.email)).toHaveLength(1);
  });

  it("mails one receipt when five deliveries of the same signed webhook arrive at once", async () => {
    const { user, purchase } = await pendingPurchase();
    const body = succeeded(purchase.providerRef!, purchase.id, 5000);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook, "stripe", body, signed(body))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Five different events for the same payment at once, too: still one.
    const others = Array.from({ length: 5 }, () => succeeded(purchase.providerRef!, purchase.id, 5000));
    await Promise.all(others.map((b) => deliver(webhook, "stripe", b, signed(b))));
    expect(await receiptRows(user.email)).toHaveLength(1);
    await runJobsUntilIdle();
    expect(receiptsSent(user.email)).toHaveLength(1);
  });

  it("mails nothing for a refused amount, a refund, or an item bought with credits; a refused payment paid right later mails once", async () => {
    const { user, purchase } = await pendingPurchase();
    const wrong = succeeded(purchase.providerRef!, purchase.id, 100);
    expect((await deliver(webhook, "stripe", wrong, signed(wrong))).status).toBe(200);
    expect(await receiptRows(user.email)).toHaveLength(0);
    const right = succeeded(purchase.providerRef!, purchase.id, 5000);
    await deliver(webhook, "stripe", right, signed(right));
    const refund = event("charge.refunded", {
      id: "ch_x",
      object: "charge",
      payment_intent: purchase.providerRef,
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
    });
    await deliver(webhook, "stripe", refund, signed(refund));
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "REFUNDED" });
    await giveCredits(user.id, 10);
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 10 });
    await purchaseProduct(user.id, product.id, null);
    await runJobsUntilIdle();
    expect(receiptsSent(user.email)).toHaveLength(1);
    expect(await receiptRows(user.email)).toHaveLength(1);
  });
});
