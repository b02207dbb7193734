// Gifting (docs/store.md "Gifting"): a store item bought for another player by username. The
// buyer pays and owns the order and its ledger entries; the delivery is the recipient's; both see
// the order in their history, each their way; the recipient is mailed once; a refund goes back to
// the buyer. Also the discount lines the order history and receipts derive from the stored price
// lines. Its own database: the reconcile check reads every balance.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/v1/account/export/route";
import { GET as listRoute } from "@/app/api/v1/account/orders/route";
import { GET as getRoute } from "@/app/api/v1/account/orders/[number]/route";
import { POST as testCheckout } from "@/app/api/v1/store/credits/test-checkout/route";
import { POST as purchaseRoute } from "@/app/api/v1/store/purchase/route";
import { orderNumber } from "@/lib/orders/order-number";
import { GIFT_ERRORS, IDEMPOTENCY_KEY_REUSED, PURCHASE_SUCCESS } from "@/lib/schemas/store";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { cancelDelivery } from "@/lib/server/game/cancel-delivery";
import { deliverMail } from "@/lib/server/mail/send-mail";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { runJobsUntilIdle } from "../support/jobs";
import { createPackage, startPurchase } from "../support/fake-payment-data";
import { captureMailForFile, linkIn } from "../support/smtp-capture";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { balanceOf, createCategory, createProduct, giveCredits } from "./store-fixtures";

const mailbox = captureMailForFile({ TRUST_PROXY: "true", CHECKOUT_EXPIRY_MINUTES: "60" });
// The local test checkout for the credit package receipt: no provider keys.
let restore: () => void;
beforeAll(() => {
  restore = setEnv({
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
  });
});
afterAll(() => restore());

async function player(credits = 0, username?: string) {
  const u = await createUser(username ? { username } : {});
  if (credits) await giveCredits(u.id, credits);
  return { ...u, session: await createSessionToken(u.id) };
}
const asUser = (session: string) => ({ cookies: { session }, headers: { ...freshClient(), ...SAME_ORIGIN } });

function buy(session: string, body: Record<string, unknown>, key: string = randomUUID()) {
  return call(purchaseRoute, {
    method: "POST",
    path: "/api/v1/store/purchase",
    body,
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient(), "idempotency-key": key },
  });
}
type Order = Record<string, unknown> & { number: string };
const history = async (session: string) =>
  (await call(listRoute, { path: "/api/v1/account/orders?type=items", ...asUser(session) })).json.results as unknown as Order[];
const receipt = (session: string, number: string) => call(getRoute, { path: `/api/v1/account/orders/${number}`, params: { number }, ...asUser(session) });
const product = async (o: { price?: number; giftable?: boolean } = {}) => {
  const p = await createProduct({ categoryId: (await createCategory()).id, price: o.price ?? 100, gameItemId: 995, quantity: 2 });
  return o.giftable === false ? db.storeProduct.update({ where: { id: p.id }, data: { giftable: false } }) : p;
};
const coupon = (value = 10) =>
  db.coupon.create({ data: { code: `GIFT${randomUUID().slice(0, 8).toUpperCase()}`, kind: "PERCENT", value, scope: "BASKET", creditPackages: true } });
const giftMails = (to: string) => mailbox().messages.filter((m) => m.to.includes(to) && m.subject.includes("sent you a gift"));
const ordersBy = (userId: number) => db.storeOrder.findMany({ where: { userId }, include: { delivery: true, ledgerEntries: true } });

describe("POST /api/v1/store/purchase with gift_to", () => {
  it("charges the buyer, keeps the order and ledger entry theirs, names the recipient and delivers to them (name in any case)", async () => {
    const buyer = await player(500);
    const friend = await player(7);
    const p = await product({ price: 120 });
    const r = await buy(buyer.session, { id: p.id, gift_to: `  ${friend.username.toUpperCase()} ` });
    expect(r).toMatchObject({ status: 200, json: { success: PURCHASE_SUCCESS, credits: 380 } });
    expect(await balanceOf(buyer.id)).toBe(380);
    expect(await balanceOf(friend.id)).toBe(7);
    const [order, ...more] = await ordersBy(buyer.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ userId: buyer.id, recipientId: friend.id, priceCredits: 120 });
    expect(order!.ledgerEntries).toEqual([expect.objectContaining({ userId: buyer.id, delta: -120, kind: "SPEND" })]);
    expect(order!.delivery).toMatchObject({ userId: friend.id, kind: "STORE_ITEM", status: "PENDING", payload: { itemId: 995, quantity: 2 } });
    expect(await ordersBy(friend.id)).toEqual([]);
    expect(await findBalanceMismatches()).toEqual([]);
  });

  it("a double click with one Idempotency-Key (five at once) buys one gift, charges once and mails the recipient once", async () => {
    const buyer = await player(1000);
    const friend = await player();
    const p = await product({ price: 150 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(buyer.session, { id: p.id, gift_to: friend.username }, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json.credits))).toEqual(new Set([850]));
    expect(await balanceOf(buyer.id)).toBe(850);
    const orders = await ordersBy(buyer.id);
    expect(orders).toHaveLength(1);
    expect(await db.gameDelivery.count({ where: { userId: friend.id } })).toBe(1);
    expect(await db.mailMessage.count({ where: { to: friend.email } })).toBe(1);
    // The same key for another recipient bought something else: refused, not replayed.
    const other = await player();
    expect(await buy(buyer.session, { id: p.id, gift_to: other.username }, key)).toMatchObject({ status: 400, json: { error: IDEMPOTENCY_KEY_REUSED } });
    expect(await buy(buyer.session, { id: p.id }, key)).toMatchObject({ status: 400, json: { error: IDEMPOTENCY_KEY_REUSED } });
    expect(await balanceOf(buyer.id)).toBe(850);
    expect(await findBalanceMismatches()).toEqual([]);
  });

  it("refuses an unknown player, yourself, a banned player and a product that cannot be gifted, each a 400 naming gift_to that writes nothing; each twin is accepted", async () => {
    const buyer = await player(10_000);
    const friend = await player();
    const banned = await player();
    await setRunningBan(banned.id);
    const wasBanned = await player();
    await setEndedBan(wasBanned.id);
    const giftable = await product();
    const kept = await product({ giftable: false });
    const refused = async (body: Record<string, unknown>, message: string) => {
      const before = await balanceOf(buyer.id);
      const orders = (await ordersBy(buyer.id)).length;
      const r = await buy(buyer.session, body);
      expect(r, message).toMatchObject({ status: 400, json: { gift_to: [message], error: message } });
      expect(await balanceOf(buyer.id)).toBe(before);
      expect(await ordersBy(buyer.id)).toHaveLength(orders);
    };
    const accepted = async (body: Record<string, unknown>) => expect((await buy(buyer.session, body)).status).toBe(200);

    await refused({ id: giftable.id, gift_to: "nobody" + randomUUID().slice(0, 5) }, GIFT_ERRORS.unknown);
    const unconfirmed = await createUser({ confirmed: false });
    await refused({ id: giftable.id, gift_to: unconfirmed.username }, GIFT_ERRORS.unknown);
    await accepted({ id: giftable.id, gift_to: friend.username });
    await refused({ id: giftable.id, gift_to: buyer.username.toLowerCase() }, GIFT_ERRORS.self);
    await accepted({ id: giftable.id });
    await refused({ id: giftable.id, gift_to: banned.username }, GIFT_ERRORS.banned);
    // The one ban rule: a ban whose end has passed no longer counts, though its job has not run.
    await accepted({ id: giftable.id, gift_to: wasBanned.username });
    await refused({ id: kept.id, gift_to: friend.username }, GIFT_ERRORS.notGiftable);
    await accepted({ id: kept.id });
    // Not a username at all: the schema's 400, naming the field too.
    expect(await buy(buyer.session, { id: giftable.id, gift_to: "no!such name" })).toMatchObject({ status: 400, json: { gift_to: [GIFT_ERRORS.format] } });
    expect(await buy(buyer.session, { id: giftable.id, gift_to: "" })).toMatchObject({ status: 200 });
    expect(await db.gameDelivery.count({ where: { userId: banned.id } })).toBe(0);
    expect(await findBalanceMismatches()).toEqual([]);
  });
});

describe("a gift in both order histories", () => {
  it("the buyer sees Gift to NAME with the price and coupon lines; the recipient sees Gift from NAME, the delivery, and no amounts; nobody else sees it", async () => {
    const buyer = await player(2000);
    const friend = await player();
    const stranger = await player();
    const p = await product({ price: 1000 });
    const c = await coupon(25);
    expect(await buy(buyer.session, { id: p.id, coupon: c.code.toLowerCase(), gift_to: friend.username })).toMatchObject({
      status: 200,
      json: { credits: 1250 },
    });
    const [mine] = await history(buyer.session);
    const number = mine!.number;
    expect(mine).toMatchObject({
      gift_to: friend.username,
      gift_from: null,
      total: 750,
      lines: [{ name: p.name, unit_price: 1000, amount: 1000 }],
      discounts: [{ label: `Coupon ${c.code} (25% off)`, amount: 250 }],
      delivery: { state: "waiting" },
    });
    const [theirs] = await history(friend.session);
    expect(theirs).toMatchObject({
      number,
      status: "paid",
      gift_to: null,
      gift_from: buyer.username,
      total: 0,
      lines: [{ name: p.name, unit_price: 0, amount: 0 }],
      discounts: [],
      delivery: { state: "waiting" },
    });
    expect(JSON.stringify(theirs)).not.toContain(c.code);
    expect((await receipt(friend.session, number)).json).toEqual(theirs);
    expect((await receipt(buyer.session, number)).json).toEqual(mine);
    expect((await receipt(stranger.session, number)).status).toBe(404);
    expect(await history(stranger.session)).toEqual([]);
  });
});

describe("a gift in both exports of one's data", () => {
  it("the buyer's export names the recipient of the order; the recipient's lists the gift and its giver without amounts", async () => {
    const [buyer, friend] = [await player(300), await player()];
    const p = await product({ price: 120 });
    expect((await buy(buyer.session, { id: p.id, gift_to: friend.username })).status).toBe(200);
    const exportOf = async (session: string) => (await call(exportRoute, { cookies: { session }, headers: freshClient() })).json;
    const mine = await exportOf(buyer.session);
    expect(mine.store_orders).toEqual([expect.objectContaining({ product: p.name, price_credits: 120, gift_to: friend.username })]);
    expect(mine.gifts_received).toEqual([]);
    const theirs = await exportOf(friend.session);
    expect(theirs.store_orders).toEqual([]);
    expect(theirs.gifts_received).toEqual([{ id: expect.any(Number), product: p.name, quantity: 1, from: buyer.username, created: expect.any(String) }]);
  });
});

describe("the recipient's mail", () => {
  it("is sent once over SMTP, with the buyer, the item and a link to the order, though the send job runs again", async () => {
    const buyer = await player(300);
    const friend = await player();
    const p = await product({ price: 100 });
    const c = await coupon(10);
    expect((await buy(buyer.session, { id: p.id, coupon: c.code, gift_to: friend.username })).status).toBe(200);
    const [row] = await db.mailMessage.findMany({ where: { to: friend.email } });
    await runJobsUntilIdle();
    // A retried or duplicated job for the same row.
    await deliverMail(row!.id, { isLastAttempt: false });
    const { enqueue } = await import("@/lib/server/jobs/enqueue");
    await enqueue("send-mail", { mailId: row!.id });
    await runJobsUntilIdle();
    const sent = giftMails(friend.email);
    expect(sent).toHaveLength(1);
    const [order] = await ordersBy(buyer.id);
    const number = orderNumber("item", order!.id);
    expect(sent[0]!.subject).toBe(`${buyer.username} sent you a gift: ${p.name}`);
    expect(linkIn(sent[0]!, `/account/orders/${number}`).pathname).toBe(`/account/orders/${number}`);
    // What the buyer paid and with which coupon stays theirs.
    expect(sent[0]!.body).not.toContain(c.code);
    expect(sent[0]!.body).not.toMatch(/\bcredits\b/);
    // And once behind the recipient's bell, leading to the order; none for the buyer.
    expect(await db.notification.findMany({ where: { userId: friend.id, type: "gift_received" }, select: { link: true, data: true } })).toEqual([
      { link: `/account/orders/${number}`, data: expect.objectContaining({ actors: [buyer.username], title: p.name }) },
    ]);
    expect(await db.notification.count({ where: { userId: buyer.id, type: "gift_received" } })).toBe(0);
    // The buyer's own purchase mails nobody.
    expect((await buy(buyer.session, { id: p.id })).status).toBe(200);
    await runJobsUntilIdle();
    expect(mailbox().messages.filter((m) => m.to.includes(buyer.email))).toEqual([]);
  });
});

describe("refunds follow the buyer", () => {
  it("staff cancelling the recipient's delivery gives the credits back to the buyer, once; both see it refunded and cancelled; balances reconcile", async () => {
    const buyer = await player(1000);
    const friend = await player(50);
    const staff = await createUser({ privilege: "OWNER" });
    const p = await product({ price: 400 });
    const c = await coupon(50);
    expect(await buy(buyer.session, { id: p.id, coupon: c.code, gift_to: friend.username })).toMatchObject({ status: 200, json: { credits: 800 } });
    const delivery = await db.gameDelivery.findFirstOrThrow({ where: { userId: friend.id } });
    const ctx = { actorId: staff.id, privilege: "OWNER" as const, ip: null };
    const [first, second] = await Promise.all([cancelDelivery(delivery.id, "refund the gift", ctx), cancelDelivery(delivery.id, "again", ctx)]);
    expect([first.refundedCredits, second.refundedCredits].sort()).toEqual([0, 200]);
    // The discounted price actually charged goes back to the buyer; the recipient's balance is untouched.
    expect(await balanceOf(buyer.id)).toBe(1000);
    expect(await balanceOf(friend.id)).toBe(50);
    expect(await db.creditLedgerEntry.findMany({ where: { kind: "REFUND", storeOrderId: delivery.storeOrderId! } })).toEqual([
      expect.objectContaining({ userId: buyer.id, delta: 200 }),
    ]);
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "CANCELED", userId: friend.id });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "deliveries.canceled", targetId: String(delivery.id) } });
    expect(audit.data).toMatchObject({ before: { userId: friend.id, payerId: buyer.id, storeCredits: 800 }, after: { payerId: buyer.id, storeCredits: 1000 } });
    expect((await history(buyer.session))[0]).toMatchObject({ status: "refunded", gift_to: friend.username, delivery: { state: "canceled" } });
    expect((await history(friend.session))[0]).toMatchObject({ status: "refunded", gift_from: buyer.username, delivery: { state: "canceled" } });
    expect(await findBalanceMismatches()).toEqual([]);
  });
});

describe("discount lines from the stored price lines", () => {
  it("a store order lists its sale and coupon lines; unit price minus them is the total", async () => {
    const buyer = await player(5000);
    const p = await product({ price: 450 });
    await db.storeProduct.update({ where: { id: p.id }, data: { sale: "MEDIUM" } });
    const c = await db.coupon.create({
      data: { code: `STACK${randomUUID().slice(0, 6).toUpperCase()}`, kind: "FIXED", value: 38, scope: "BASKET", stackable: true },
    });
    expect(await buy(buyer.session, { id: p.id, coupon: c.code })).toMatchObject({ status: 200, json: { credits: 5000 - 300 } });
    const [o] = await history(buyer.session);
    expect(o).toMatchObject({
      lines: [{ unit_price: 450, amount: 450 }],
      discounts: [
        { label: expect.stringMatching(/^Sale: /), amount: 112 },
        { label: `Coupon ${c.code}`, amount: 38 },
      ],
      total: 300,
    });
  });

  it("a credit package paid with a coupon shows the coupon line in the history and in the receipt mail", async () => {
    const buyer = await player();
    const pkg = await createPackage({ credits: 1000, bonusCredits: 0, priceCents: 2000 });
    const c = await coupon(20);
    const started = await startPurchase(buyer.session, { id: pkg.id, method: "stripe", coupon: c.code });
    expect(started.status).toBe(201);
    const purchaseId = started.json.purchase_id as number;
    const paid = await call(testCheckout, {
      method: "POST",
      path: "/api/v1/store/credits/test-checkout",
      body: { purchase_id: purchaseId },
      ...asUser(buyer.session),
    });
    expect(paid.status).toBe(200);
    const number = orderNumber("credits", purchaseId);
    expect((await receipt(buyer.session, number)).json).toMatchObject({
      lines: [{ unit_price: 2000, amount: 2000 }],
      discounts: [{ label: `Coupon ${c.code} (20% off)`, amount: 400 }],
      total: 1600,
    });
    await runJobsUntilIdle();
    const [mail, ...more] = mailbox().messages.filter((m) => m.to.includes(buyer.email) && m.subject.startsWith("Your receipt"));
    expect(more).toEqual([]);
    expect(mail!.body).toContain(`Coupon ${c.code} (20% off): -$4.00`);
    expect(mail!.body).toContain("Total paid: $16.00");
    expect(await findBalanceMismatches()).toEqual([]);
  });
});
