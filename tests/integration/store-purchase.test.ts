import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/v1/store/credits/amount/route";
import { POST as purchaseRoute } from "@/app/api/v1/store/purchase/route";
import { INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { IDEMPOTENCY_KEY_REUSED, PRODUCT_UNAVAILABLE, PURCHASE_SUCCESS } from "@/lib/schemas/store";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { balanceOf, createCategory, createProduct, giveCredits } from "./store-fixtures";

// Buying with credits: the money rules hold under concurrency because the
// database enforces them, so the races here are real (Promise.all against PostgreSQL).

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

const buyers: number[] = [];
async function buyer(credits: number) {
  const u = await createUser();
  buyers.push(u.id);
  if (credits) await giveCredits(u.id, credits);
  return { ...u, session: await createSessionToken(u.id) };
}

function buy(session: string, id: unknown, key?: string) {
  return call(purchaseRoute, {
    method: "POST",
    path: "/api/v1/store/purchase",
    body: { id },
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient(), ...(key ? { "idempotency-key": key } : {}) },
  });
}

const ordersOf = (userId: number) => db.storeOrder.findMany({ where: { userId }, include: { delivery: true, ledgerEntries: true } });

describe("POST /api/v1/store/purchase", () => {
  it("charges the price, writes the order, its ledger entry and one delivery, and answers the new balance", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 120, gameItemId: 11802, quantity: 3 });
    const u = await buyer(500);
    const r = await buy(u.session, product.id, randomUUID());
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: PURCHASE_SUCCESS, credits: 380 });
    expect(await balanceOf(u.id)).toBe(380);
    const [order, ...more] = await ordersOf(u.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ productId: product.id, priceCredits: 120, quantity: 1 });
    expect(order!.ledgerEntries).toEqual([
      expect.objectContaining({ delta: -120, balanceAfter: 380, kind: "SPEND", idempotencyKey: `order:${order!.id}:spend` }),
    ]);
    expect(order!.delivery).toMatchObject({ userId: u.id, kind: "STORE_ITEM", status: "PENDING", payload: { itemId: 11802, quantity: 3 } });
  });

  it("lets exactly 10 of 50 concurrent purchases through on a wallet that covers 10, never below zero", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 25 });
    const u = await buyer(250);
    const results = await Promise.all(Array.from({ length: 50 }, () => buy(u.session, product.id, randomUUID())));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.status === 400 && r.json.error === INSUFFICIENT_CREDITS)).toBe(true);
    // Each success saw its own balance: 225, 200, … 0, each once.
    expect(ok.map((r) => r.json.credits).sort((a, b) => Number(a) - Number(b))).toEqual([0, 25, 50, 75, 100, 125, 150, 175, 200, 225]);
    expect(await balanceOf(u.id)).toBe(0);
    const orders = await ordersOf(u.id);
    expect(orders).toHaveLength(10);
    expect(orders.every((o) => o.delivery !== null && o.ledgerEntries.length === 1)).toBe(true);
    expect(await db.gameDelivery.count({ where: { userId: u.id } })).toBe(10);
    const balances = (await db.creditLedgerEntry.findMany({ where: { userId: u.id } })).map((e) => e.balanceAfter);
    expect(Math.min(...balances)).toBe(0);
  });

  it("buys once for one idempotency key, whether retried after the answer or sent twice at once", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 40 });
    const u = await buyer(200);
    const key = randomUUID();
    const first = await buy(u.session, product.id, key);
    const retry = await buy(u.session, product.id, key);
    expect(first).toMatchObject({ status: 200, json: { success: PURCHASE_SUCCESS, credits: 160 } });
    // The retry answers the first purchase's result and charges nothing.
    expect(retry).toMatchObject({ status: 200, json: { success: PURCHASE_SUCCESS, credits: 160 } });

    const racing = randomUUID();
    const twins = await Promise.all(Array.from({ length: 5 }, () => buy(u.session, product.id, racing)));
    expect(twins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(twins.map((r) => r.json.credits))).toEqual(new Set([120]));
    expect(await balanceOf(u.id)).toBe(120);
    expect(await db.storeOrder.count({ where: { userId: u.id } })).toBe(2);
    expect(await db.gameDelivery.count({ where: { userId: u.id } })).toBe(2);

    // Without a key each request is its own purchase.
    expect((await buy(u.session, product.id)).json.credits).toBe(80);
    expect((await buy(u.session, product.id)).json.credits).toBe(40);
  });

  it("refuses a key already used for another product, and a malformed key, naming the header", async () => {
    const cat = await createCategory();
    const a = await createProduct({ categoryId: cat.id, price: 10 });
    const b = await createProduct({ categoryId: cat.id, price: 10 });
    const u = await buyer(100);
    const key = randomUUID();
    expect((await buy(u.session, a.id, key)).status).toBe(200);
    expect(await buy(u.session, b.id, key)).toMatchObject({ status: 400, json: { error: IDEMPOTENCY_KEY_REUSED } });
    const bad = await buy(u.session, a.id, "x".repeat(101));
    expect(bad.status).toBe(400);
    expect(bad.json["Idempotency-Key"]).toEqual([expect.stringContaining("Idempotency-Key")]);
    expect(await balanceOf(u.id)).toBe(90);
  });

  it("charges the sale price from the tier: a HIGH sale costs half, whatever the stored salePrice says", async () => {
    const cat = await createCategory();
    // A stale stored sale price must not be what is charged.
    const product = await createProduct({ categoryId: cat.id, price: 300, sale: "HIGH", salePrice: 1 });
    const medium = await createProduct({ categoryId: cat.id, price: 450, sale: "MEDIUM" });
    const u = await buyer(1000);
    expect((await buy(u.session, product.id, randomUUID())).json.credits).toBe(850);
    expect((await buy(u.session, medium.id, randomUUID())).json.credits).toBe(512); // 337.5 rounds to 338
    const orders = await db.storeOrder.findMany({ where: { userId: u.id }, orderBy: { id: "asc" } });
    expect(orders.map((o) => o.priceCredits)).toEqual([150, 338]);
  });

  it("refuses a hidden or unknown product and a balance that does not cover the price, changing nothing", async () => {
    const cat = await createCategory();
    const hidden = await createProduct({ categoryId: cat.id, price: 10, active: false });
    const pricey = await createProduct({ categoryId: cat.id, price: 101 });
    const u = await buyer(100);
    expect(await buy(u.session, hidden.id, randomUUID())).toMatchObject({ status: 400, json: { error: PRODUCT_UNAVAILABLE } });
    expect(await buy(u.session, 2147483647, randomUUID())).toMatchObject({ status: 400, json: { error: PRODUCT_UNAVAILABLE } });
    expect(await buy(u.session, pricey.id, randomUUID())).toMatchObject({ status: 400, json: { error: INSUFFICIENT_CREDITS } });
    expect(await balanceOf(u.id)).toBe(100);
    expect(await db.storeOrder.count({ where: { userId: u.id } })).toBe(0);
    expect(await db.gameDelivery.count({ where: { userId: u.id } })).toBe(0);
  });

  it("neither lists nor sells the products of a category staff have hidden", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 10 });
    await db.storeCategory.update({ where: { id: cat.id }, data: { hidden: true } });
    const u = await buyer(100);
    expect(await buy(u.session, product.id, randomUUID())).toMatchObject({ status: 400, json: { error: PRODUCT_UNAVAILABLE } });
    expect(await balanceOf(u.id)).toBe(100);
    const { listAllProducts, listCategories } = await import("@/lib/server/store/list-catalogue");
    expect((await listAllProducts()).some((p) => p.id === product.id)).toBe(false);
    expect((await listCategories()).some((c) => c.id === cat.id)).toBe(false);
  });

  it("answers 400 naming the field for a bad product id", async () => {
    const u = await buyer(0);
    for (const id of [undefined, "abc", 0, -3, 1.5, 2147483648]) {
      const r = await buy(u.session, id);
      expect(r.status, String(id)).toBe(400);
      expect(r.json.id, String(id)).toEqual([expect.any(String)]);
    }
  });

  it("always buys for the caller: a user id in the body is ignored", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 10 });
    const me = await buyer(50);
    const other = await buyer(50);
    const r = await call(purchaseRoute, {
      method: "POST",
      body: { id: product.id, userId: other.id, user: other.id },
      cookies: { session: me.session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(r.json.credits).toBe(40);
    expect(await balanceOf(other.id)).toBe(50);
    expect(await db.storeOrder.count({ where: { userId: other.id } })).toBe(0);
  });

  it("sends guests away with 401 from the balance and the purchase", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id });
    expect((await call(balanceRoute, { headers: freshClient() })).status).toBe(401);
    expect((await call(purchaseRoute, { method: "POST", body: { id: product.id }, headers: { ...SAME_ORIGIN, ...freshClient() } })).status).toBe(401);
  });

  it("answers the caller's balance", async () => {
    const u = await buyer(77);
    expect(await call(balanceRoute, { cookies: { session: u.session }, headers: freshClient() })).toMatchObject({ status: 200, json: { credits: 77 } });
  });

  it("leaves every buyer's balance equal to the sum of their ledger", async () => {
    expect(buyers.length).toBeGreaterThan(5);
    expect((await findBalanceMismatches()).filter((m) => buyers.includes(m.userId))).toEqual([]);
  });
});
