// The order history (GET /api/v1/account/orders): credit packages bought with money and store
// items bought with credits in one list, each item's delivery state (waiting, blocked with the
// game's reason, claimed, canceled), only the caller's own orders; the game's "blocked" call;
// unpaid checkouts cancelled, resumed and expired, race-safe against a paid webhook.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/account/orders/route";
import { GET as getRoute } from "@/app/api/v1/account/orders/[number]/route";
import { POST as cancelRoute } from "@/app/api/v1/account/orders/[number]/cancel/route";
import { POST as resumeRoute } from "@/app/api/v1/account/orders/[number]/resume/route";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as blockedRoute } from "@/app/api/v1/game/deliveries/blocked/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { POST as testCheckout } from "@/app/api/v1/store/credits/test-checkout/route";
import { GET as purchasesRoute } from "@/app/api/v1/store/purchases/route";
import { orderNumber, parseOrderNumber } from "@/lib/orders/order-number";
import { db } from "@/lib/server/db";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { expireCheckouts } from "@/lib/server/payments/expire-checkouts";
import { NOT_OPEN } from "@/lib/server/payments/close-checkout";
import { NO_SUCH_ORDER } from "@/lib/server/store/list-orders";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { crontab } from "@/lib/server/worker/task-list";
import { createGameKey } from "../factories/game-keys";
import { setEnv } from "../support/env";
import { createPackage, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

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
  CHECKOUT_EXPIRY_MINUTES: "60",
};
let restore: () => void;
let gameKey: Record<string, string>;
let hiscoresKey: Record<string, string>;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", ...NO_KEYS });
  gameKey = (await createGameKey(["deliveries"])).headers;
  hiscoresKey = (await createGameKey(["hiscores"])).headers;
});
afterAll(() => restore());

type Order = {
  number: string;
  kind: string;
  status: string;
  total: number;
  currency: string;
  lines: { name: string; amount: number; credits: number | null }[];
  delivery: { state: string; blocked_reason: string | null; blocked_message: string | null; blocked_at: string | null; delivered_at: string | null } | null;
  can_resume: boolean;
  can_cancel: boolean;
  expires_at: string | null;
};
type Page = { results: Order[]; previous: string | null; next: string | null };

const asUser = (session: string) => ({ cookies: { session }, headers: { ...freshClient(), ...SAME_ORIGIN } });
const list = async (session: string, query = "") => {
  const r = await call(listRoute, { path: `/api/v1/account/orders${query}`, ...asUser(session) });
  return { status: r.status, json: r.json as unknown as Page & Record<string, unknown> };
};
const getOrder = (session: string, number: string) => call(getRoute, { path: `/api/v1/account/orders/${number}`, params: { number }, ...asUser(session) });
const cancel = (session: string, number: string) =>
  call(cancelRoute, { method: "POST", path: `/api/v1/account/orders/${number}/cancel`, params: { number }, ...asUser(session) });
const resume = (session: string, number: string) =>
  call(resumeRoute, { method: "POST", path: `/api/v1/account/orders/${number}/resume`, params: { number }, ...asUser(session) });
const pay = (session: string, purchaseId: number) =>
  call(testCheckout, { method: "POST", path: "/api/v1/store/credits/test-checkout", body: { purchase_id: purchaseId }, ...asUser(session) });

const game = (route: typeof claimRoute, path: string, body: unknown, headers = gameKey) =>
  call(route, { method: "POST", path, body, headers: { ...headers, ...freshClient() } });
const claim = async (playerId: number) =>
  (await game(claimRoute, "/api/v1/game/deliveries/claim", { player_id: playerId })).json as { lease_id: string; deliveries: { id: number }[] };
const blocked = (body: unknown, headers = gameKey) => game(blockedRoute, "/api/v1/game/deliveries/blocked", body, headers);
const ack = (lease_id: string, delivery_ids: number[]) => game(ackRoute, "/api/v1/game/deliveries/ack", { lease_id, delivery_ids });

/** A player who bought one store item with credits and started (unpaid) one credit package checkout. */
async function shopper() {
  const { user, session } = await player();
  const cat = await createCategory();
  const product = await createProduct({ categoryId: cat.id, price: 40, name: `Party hat ${user.id}` });
  await giveCredits(user.id, 100);
  await purchaseProduct(user.id, product.id, null);
  const order = await db.storeOrder.findFirstOrThrow({ where: { userId: user.id }, include: { delivery: true } });
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const started = await startPurchase(session, { id: pkg.id, method: "stripe" });
  expect(started.status).toBe(201);
  return { user, session, product, order, delivery: order.delivery!, purchaseId: started.json.purchase_id as number };
}
const ageCheckout = (id: number, minutes: number) => db.creditPurchase.update({ where: { id }, data: { createdAt: new Date(Date.now() - minutes * 60_000) } });

describe("order numbers", () => {
  it("round-trip, and refuse what is not one", () => {
    expect(orderNumber("credits", 42)).toBe("C-000042");
    expect(orderNumber("item", 1234567)).toBe("S-1234567");
    expect(parseOrderNumber("C-000042")).toEqual({ kind: "credits", id: 42 });
    expect(parseOrderNumber("#s17")).toEqual({ kind: "item", id: 17 });
    for (const bad of ["X-1", "C-0", "C-", "C-2147483648", "42", "C-1 OR 1=1"]) expect(parseOrderNumber(bad)).toBeNull();
  });
});

describe("GET /api/v1/account/orders", () => {
  it("lists both kinds newest first with items, price and delivery state; type filters; the contract's purchases list is unchanged", async () => {
    const { session, product, order, purchaseId } = await shopper();
    const all = await list(session);
    expect(all.status).toBe(200);
    expect(all.json.results.map((o) => o.number)).toEqual([orderNumber("credits", purchaseId), orderNumber("item", order.id)]);
    const [credit, item] = all.json.results;
    expect(item).toMatchObject({
      kind: "item",
      status: "paid",
      currency: "CREDITS",
      total: 40,
      lines: [{ name: product.name, amount: 40, credits: null }],
      delivery: { state: "waiting", blocked_reason: null, delivered_at: null },
      can_resume: false,
      can_cancel: false,
    });
    expect(credit).toMatchObject({
      kind: "credits",
      status: "pending",
      currency: "USD",
      total: 5000,
      lines: [{ name: "1,000 credits (+100 bonus)", amount: 5000, credits: 1100 }],
      delivery: null,
      can_resume: true,
      can_cancel: true,
    });
    expect(Date.parse(credit!.expires_at!) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect((await list(session, "?type=items")).json.results.map((o) => o.kind)).toEqual(["item"]);
    expect((await list(session, "?type=credits")).json.results.map((o) => o.kind)).toEqual(["credits"]);
    expect(await list(session, "?type=gifts")).toMatchObject({ status: 400, json: { type: ["Must be all, credits or items."] } });
    // The contract's purchases list keeps its shape: credit purchases only, the same rows as before.
    const spec = await call(purchasesRoute, { path: "/api/v1/store/purchases", ...asUser(session) });
    expect(spec.json).toEqual([expect.objectContaining({ id: purchaseId, status: "PENDING" })]);
  });

  it("pages 20 at a time with links", async () => {
    const { user, session } = await player();
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 1 });
    await giveCredits(user.id, 25);
    for (let i = 0; i < 23; i++) await purchaseProduct(user.id, product.id, null);
    const first = await list(session);
    expect(first.json.results).toHaveLength(20);
    expect(first.json.next).toMatch(/\/api\/v1\/account\/orders\?page=2$/);
    const second = await list(session, "?page=2");
    expect(second.json.results).toHaveLength(3);
    expect(second.json.previous).toMatch(/\/api\/v1\/account\/orders$/);
    const numbers = [...first.json.results, ...second.json.results].map((o) => o.number);
    expect(new Set(numbers).size).toBe(23);
  });

  it("shows nobody else's orders: another player's list is empty and their order number answers 404 like a missing one", async () => {
    const a = await shopper();
    const b = await player();
    expect((await list(b.session)).json.results).toEqual([]);
    for (const number of [orderNumber("item", a.order.id), orderNumber("credits", a.purchaseId), "S-2147483000"]) {
      expect(await getOrder(b.session, number)).toMatchObject({ status: 404, json: { details: NO_SUCH_ORDER } });
    }
    // Cancel and resume: another player's checkout answers like a missing one (an S- number is never a checkout, whoever's).
    for (const number of [orderNumber("credits", a.purchaseId), "C-2147483000"]) {
      expect(await cancel(b.session, number)).toMatchObject({ status: 404, json: { details: NO_SUCH_ORDER } });
      expect(await resume(b.session, number)).toMatchObject({ status: 404, json: { details: NO_SUCH_ORDER } });
    }
    expect(await purchaseRow(a.purchaseId)).toMatchObject({ status: "PENDING" });
    // The positive twin: the owner reads it.
    expect(await getOrder(a.session, orderNumber("item", a.order.id))).toMatchObject({ status: 200, json: { number: orderNumber("item", a.order.id) } });
    expect(await getOrder(a.session, "nonsense")).toMatchObject({ status: 400, json: { number: ["Not an order number."] } });
    expect((await call(listRoute, { path: "/api/v1/account/orders", headers: freshClient() })).status).toBe(401);
  });
});

describe("POST /api/v1/game/deliveries/blocked", () => {
  it("records the game's reason, releases the lease, shows it to the player, and a later ack clears it", async () => {
    const { user, session, order, delivery } = await shopper();
    const first = await claim(user.id);
    expect(first.deliveries.map((d) => d.id)).toEqual([delivery.id]);
    const r = await blocked({ lease_id: first.lease_id, delivery_ids: [delivery.id], reason: "inventory_full", message: "Free 1 inventory slot" });
    expect(r).toMatchObject({ status: 200, json: { blocked: [delivery.id], rejected: [] } });
    const row = await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({
      status: "PENDING",
      leaseId: null,
      leasedUntil: null,
      blockedReason: "INVENTORY_FULL",
      blockedMessage: "Free 1 inventory slot",
    });
    const shown = (await getOrder(session, orderNumber("item", order.id))).json as unknown as Order;
    expect(shown.delivery).toMatchObject({
      state: "blocked",
      blocked_reason: "inventory_full",
      blocked_message: "Free 1 inventory slot",
      blocked_at: expect.any(String),
    });
    // The old lease no longer holds it: neither an ack nor another report of it matches.
    expect((await ack(first.lease_id, [delivery.id])).json).toMatchObject({
      delivered: [],
      rejected: [{ id: delivery.id, reason: "not leased by this lease" }],
    });
    // Claimed again it is still shown blocked until it is acked; the ack clears the reason.
    const second = await claim(user.id);
    expect(second.deliveries.map((d) => d.id)).toEqual([delivery.id]);
    expect((await getOrder(session, orderNumber("item", order.id))).json).toMatchObject({ delivery: { state: "blocked" } });
    expect((await ack(second.lease_id, [delivery.id])).json).toMatchObject({ delivered: [delivery.id] });
    const after = (await getOrder(session, orderNumber("item", order.id))).json as unknown as Order;
    expect(after.delivery).toMatchObject({ state: "claimed", blocked_reason: null, blocked_message: null, delivered_at: expect.any(String) });
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      blockedReason: null,
      blockedMessage: null,
      blockedAt: null,
    });
  });

  it("refuses a wrong lease, delivered and unknown ids, and a key without the deliveries scope", async () => {
    const { user, delivery } = await shopper();
    const lease = await claim(user.id);
    const wrong = await blocked({ lease_id: "not-the-lease", delivery_ids: [delivery.id], reason: "player_offline" });
    expect(wrong.json).toEqual({ blocked: [], rejected: [{ id: delivery.id, reason: "not leased by this lease" }] });
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "LEASED", blockedReason: null });
    expect((await blocked({ lease_id: lease.lease_id, delivery_ids: [delivery.id], reason: "player_offline" }, hiscoresKey)).status).toBe(403);
    expect((await blocked({ lease_id: lease.lease_id, delivery_ids: [delivery.id], reason: "player_offline" }, {})).status).toBe(401);
    expect(await blocked({ lease_id: lease.lease_id, delivery_ids: [delivery.id], reason: "tired" })).toMatchObject({
      status: 400,
      json: { reason: [expect.stringContaining("player_offline")] },
    });
    expect((await blocked({ lease_id: lease.lease_id, delivery_ids: [delivery.id], reason: "other", message: "x".repeat(201) })).status).toBe(400);
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "LEASED", blockedReason: null });
    // Delivered, then reported: refused; an unknown id too.
    await ack(lease.lease_id, [delivery.id]);
    const late = await blocked({ lease_id: lease.lease_id, delivery_ids: [delivery.id, 2_147_483_000], reason: "player_offline" });
    expect(late.json).toEqual({
      blocked: [],
      rejected: [
        { id: delivery.id, reason: "already delivered" },
        { id: 2_147_483_000, reason: "unknown delivery" },
      ],
    });
  });

  it("shows a canceled delivery as canceled and the order refunded", async () => {
    const { session, order, delivery } = await shopper();
    const { cancelDelivery } = await import("@/lib/server/game/cancel-delivery");
    const staff = await (await import("../factories/users")).createUser({ privilege: "OWNER" });
    await cancelDelivery(delivery.id, "test", { actorId: staff.id, privilege: "OWNER", ip: null });
    expect((await getOrder(session, orderNumber("item", order.id))).json).toMatchObject({ status: "refunded", delivery: { state: "canceled" } });
  });
});

describe("unpaid checkouts", () => {
  it("resume answers the provider session the checkout was made with, until it closes", async () => {
    const { session, purchaseId } = await shopper();
    const number = orderNumber("credits", purchaseId);
    const r = await resume(session, number);
    expect(r).toMatchObject({
      status: 200,
      json: { number, method: "stripe", purchase_id: purchaseId, test_checkout: true, client_secret: `pi_local_${purchaseId}_secret_local` },
    });
    await ageCheckout(purchaseId, 61);
    expect(await resume(session, number)).toMatchObject({ status: 409, json: { details: NOT_OPEN } });
  });

  it("cancel closes it once; a second cancel and a resume answer 409; a store item is no checkout", async () => {
    const { session, purchaseId, order } = await shopper();
    const number = orderNumber("credits", purchaseId);
    expect(await cancel(session, number)).toMatchObject({ status: 200, json: { number, status: "canceled", can_resume: false, can_cancel: false } });
    expect(await purchaseRow(purchaseId)).toMatchObject({ status: "CANCELED", checkoutAnswer: null, closedAt: expect.any(Date) });
    expect(await cancel(session, number)).toMatchObject({ status: 409, json: { details: NOT_OPEN } });
    expect((await resume(session, number)).status).toBe(409);
    expect((await cancel(session, orderNumber("item", order.id))).status).toBe(409);
  });

  it("a payment reported after cancel or expiry is honoured, and credits once", async () => {
    for (const close of ["cancel", "expire"] as const) {
      const { user, session, purchaseId } = await shopper();
      const before = (await userRow(user.id)).storeCredits;
      if (close === "cancel") expect((await cancel(session, orderNumber("credits", purchaseId))).status).toBe(200);
      else {
        await ageCheckout(purchaseId, 61);
        expect(await expireCheckouts()).toContain(purchaseId);
      }
      expect((await pay(session, purchaseId)).status).toBe(200);
      expect((await pay(session, purchaseId)).status).toBe(200);
      expect(await purchaseRow(purchaseId)).toMatchObject({ status: "PAID" });
      expect((await userRow(user.id)).storeCredits).toBe(before + 1100);
      expect(await db.creditLedgerEntry.count({ where: { creditPurchaseId: purchaseId } })).toBe(2);
    }
  });

  it("the expiry job closes only PENDING checkouts older than the setting, and runs every 5 minutes", async () => {
    const old = await shopper();
    const young = await shopper();
    const paid = await shopper();
    await ageCheckout(old.purchaseId, 61);
    await ageCheckout(young.purchaseId, 59);
    await pay(paid.session, paid.purchaseId);
    await ageCheckout(paid.purchaseId, 120);
    const closed = await expireCheckouts();
    expect(closed).toContain(old.purchaseId);
    expect(closed).not.toContain(young.purchaseId);
    expect(await purchaseRow(old.purchaseId)).toMatchObject({ status: "EXPIRED", checkoutAnswer: null, closedAt: expect.any(Date) });
    expect(await purchaseRow(young.purchaseId)).toMatchObject({ status: "PENDING" });
    expect(await purchaseRow(paid.purchaseId)).toMatchObject({ status: "PAID" });
    expect((await list(old.session, "?type=credits")).json.results[0]).toMatchObject({
      status: "expired",
      can_resume: false,
      can_cancel: false,
      expires_at: null,
    });
    // The contract's purchases list leaves a checkout that was never paid out, as it does a cancelled one.
    expect((await call(purchasesRoute, { path: "/api/v1/store/purchases", ...asUser(old.session) })).json).toEqual([]);
    expect(crontab).toContain("*/5 * * * * expire-checkouts ?max=3&jobKey=expire-checkouts");
  });

  it("expiry, cancel and a paid webhook at the same moment: one outcome, paid, credits once", async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => shopper()));
    for (const p of players) await ageCheckout(p.purchaseId, 61);
    const before = await Promise.all(players.map(async (p) => (await userRow(p.user.id)).storeCredits));
    await Promise.all(
      players.flatMap((p) => [
        expireCheckouts(),
        pay(p.session, p.purchaseId),
        cancel(p.session, orderNumber("credits", p.purchaseId)),
        pay(p.session, p.purchaseId),
      ]),
    );
    for (const [i, p] of players.entries()) {
      expect(await purchaseRow(p.purchaseId)).toMatchObject({ status: "PAID" });
      expect((await userRow(p.user.id)).storeCredits).toBe(before[i]! + 1100);
      expect(await db.creditLedgerEntry.count({ where: { creditPurchaseId: p.purchaseId } })).toBe(2);
    }
    expect(await findBalanceMismatches()).toEqual([]);
  });
});
