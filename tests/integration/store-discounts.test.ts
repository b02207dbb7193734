import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as previewRoute } from "@/app/api/v1/store/price-preview/route";
import { GET as allProductsRoute } from "@/app/api/v1/store/products/all/route";
import { POST as purchaseRoute } from "@/app/api/v1/store/purchase/route";
import type { Prisma } from "@/lib/generated/prisma/client";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { PURCHASE_SUCCESS } from "@/lib/schemas/store";
import { COUPON_ERRORS, NOT_STACKABLE } from "@/lib/store/pricing";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { balanceOf, createCategory, createProduct, giveCredits, uniqueName } from "./store-fixtures";

// Scheduled sales and coupons on the store (credits), against PostgreSQL: the limits hold under
// real concurrency (Promise.all of 10), the contract's sale fields follow the sale in force, and every
// refusal names the `coupon` field.

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

async function buyer(credits: number) {
  const u = await createUser();
  if (credits) await giveCredits(u.id, credits);
  return { ...u, session: await createSessionToken(u.id) };
}

function buy(session: string, id: number, coupon?: string, key = randomUUID()) {
  return call(purchaseRoute, {
    method: "POST",
    path: "/api/v1/store/purchase",
    body: { id, ...(coupon !== undefined ? { coupon } : {}) },
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient(), "idempotency-key": key },
  });
}

function preview(body: unknown, session?: string) {
  return call(previewRoute, {
    method: "POST",
    path: "/api/v1/store/price-preview",
    body,
    ...(session ? { cookies: { session } } : {}),
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });
}

const HOUR = 3600_000;
const code = () => `C${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;

function coupon(data: Partial<Prisma.CouponUncheckedCreateInput> = {}) {
  return db.coupon.create({ data: { code: code(), kind: "PERCENT", value: 10, scope: "BASKET", ...data } });
}
function sale(data: Partial<Prisma.StoreSaleUncheckedCreateInput> & { productIds?: number[] } = {}) {
  return db.storeSale.create({
    data: {
      name: uniqueName("Sale"),
      kind: "PERCENT",
      value: 20,
      scope: "PRODUCTS",
      startsAt: new Date(Date.now() - HOUR),
      endsAt: new Date(Date.now() + HOUR),
      ...data,
    },
  });
}
async function product(price = 1000, extra: { sale?: "LOW" | "MEDIUM" | "HIGH" } = {}) {
  const cat = await createCategory();
  return createProduct({ categoryId: cat.id, price, ...extra });
}
const redemptions = (couponId: number) => db.couponRedemption.count({ where: { couponId } });
const dtoOf = async (id: number) =>
  ((await call(allProductsRoute, { path: "/api/v1/store/products/all" })).json as unknown as Record<string, unknown>[]).find((p) => p.id === id);

describe("coupon limits under concurrency", () => {
  it("ten players redeeming a one-use coupon at the same moment: exactly one order gets it, the others are refused naming coupon and charged nothing", async () => {
    const p = await product(1000);
    const c = await coupon({ maxRedemptions: 1, value: 50 });
    const players = await Promise.all(Array.from({ length: 10 }, () => buyer(1000)));
    const results = await Promise.all(players.map((u) => buy(u.session, p.id, c.code.toLowerCase())));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.json).toEqual({ success: PURCHASE_SUCCESS, credits: 500 });
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r).toMatchObject({ status: 400, json: { error: COUPON_ERRORS.limitReached, coupon: [COUPON_ERRORS.limitReached] } });
    expect(await redemptions(c.id)).toBe(1);
    const balances = await Promise.all(players.map((u) => balanceOf(u.id)));
    expect(balances.sort((a, b) => a - b)).toEqual([500, ...Array(9).fill(1000)]);
    expect(await db.storeOrder.count({ where: { productId: p.id } })).toBe(1);
  });

  it("a limit of three with ten players: exactly three orders", async () => {
    const p = await product(200);
    const c = await coupon({ maxRedemptions: 3, kind: "FIXED", value: 50 });
    const players = await Promise.all(Array.from({ length: 10 }, () => buyer(200)));
    const results = await Promise.all(players.map((u) => buy(u.session, p.id, c.code)));
    expect(results.filter((r) => r.status === 200).map((r) => r.json.credits)).toEqual([50, 50, 50]);
    expect(await redemptions(c.id)).toBe(3);
  });

  it("per-player limit of two: one player's ten concurrent orders, exactly two get it; another player still can", async () => {
    const p = await product(100);
    const c = await coupon({ perPlayerLimit: 2 });
    const u = await buyer(1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(u.session, p.id, c.code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400 && r.json.error === COUPON_ERRORS.playerLimitReached)).toHaveLength(8);
    expect(await balanceOf(u.id)).toBe(1000 - 2 * 90);
    const other = await buyer(100);
    expect((await buy(other.session, p.id, c.code)).status).toBe(200);
    expect(await db.couponRedemption.count({ where: { couponId: c.id, userId: u.id } })).toBe(2);
    expect((await findBalanceMismatches()).filter((m) => m.userId === u.id || m.userId === other.id)).toEqual([]);
  });

  it("a retried purchase (same Idempotency-Key) with a one-use coupon answers as the first and uses it once", async () => {
    const p = await product(100);
    const c = await coupon({ maxRedemptions: 1 });
    const u = await buyer(500);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => buy(u.session, p.id, c.code, key)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json.credits))).toEqual(new Set([410]));
    expect(await redemptions(c.id)).toBe(1);
  });
});

describe("the purchase records its price lines and the redemption", () => {
  it("sale then coupon: the order stores every line, the charge is the total, the redemption the coupon's discount", async () => {
    const p = await product(1000);
    await sale({ productIds: [p.id], value: 20 });
    const c = await coupon({ stackable: true, value: 10 });
    const u = await buyer(1000);
    const r = await buy(u.session, p.id, c.code);
    expect(r.json.credits).toBe(280);
    const order = await db.storeOrder.findFirstOrThrow({ where: { userId: u.id }, include: { couponRedemption: true } });
    expect(order.priceCredits).toBe(720);
    expect((order.priceLines as { step: string; amount: number }[]).map((l) => [l.step, l.amount])).toEqual([
      ["base", 1000],
      ["sale", -200],
      ["coupon", -80],
      ["total", 720],
    ]);
    expect(order.couponRedemption).toMatchObject({ couponId: c.id, userId: u.id, discount: 80 });
  });

  it("without a coupon nothing is redeemed; a refused coupon refuses the whole purchase (nothing half-written)", async () => {
    const p = await product(300);
    const u = await buyer(1000);
    expect((await buy(u.session, p.id)).json.credits).toBe(700);
    const expired = await coupon({ expiresAt: new Date(Date.now() - 1000) });
    const r = await buy(u.session, p.id, expired.code);
    expect(r).toMatchObject({ status: 400, json: { coupon: [COUPON_ERRORS.expired] } });
    expect(await balanceOf(u.id)).toBe(700);
    expect(await db.storeOrder.count({ where: { userId: u.id } })).toBe(1);
    expect(await redemptions(expired.id)).toBe(0);
  });

  it("400 naming coupon for a malformed code, before anything else", async () => {
    const p = await product(300);
    const u = await buyer(1000);
    const r = await buy(u.session, p.id, "no spaces!");
    expect(r.status).toBe(400);
    expect(Object.keys(r.json)).toContain("coupon");
    expect(await balanceOf(u.id)).toBe(1000);
  });
});

describe("POST /api/v1/store/price-preview", () => {
  it("answers the lines of a product with a sale and a coupon, as the purchase will charge them", async () => {
    const p = await product(450);
    const s = await sale({ productIds: [p.id], value: 25 });
    const c = await coupon({ stackable: true, kind: "FIXED", value: 38 });
    const u = await buyer(1000);
    const r = await preview({ product_id: p.id, coupon: c.code.toLowerCase() }, u.session);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      unit: "credits",
      lines: [
        { step: "base", label: "Price", amount: 450 },
        { step: "sale", label: `Sale: ${s.name} (25% off)`, amount: -112 },
        { step: "coupon", label: `Coupon ${c.code}`, amount: -38 },
        { step: "total", label: "Total", amount: 300 },
      ],
      total: 300,
      sale_ends_at: s.endsAt.toISOString(),
    });
    expect((await buy(u.session, p.id, c.code)).json.credits).toBe(700);
  });

  it("names the coupon field for each refusal: unknown, not yet, expired, used up, minimum, not for this product, not with a sale, other player, signed out", async () => {
    const p = await product(500);
    const other = await product(500);
    const onSale = await product(500);
    await sale({ productIds: [onSale.id] });
    const u = await buyer(0);
    const someone = await createUser();
    const used = await coupon({ maxRedemptions: 1 });
    await db.couponRedemption.create({
      data: {
        couponId: used.id,
        userId: someone.id,
        discount: 1,
        storeOrderId: (await db.storeOrder.create({ data: { userId: someone.id, productId: p.id, priceCredits: 1, idempotencyKey: randomUUID() } })).id,
      },
    });
    const cases: [string, number, string, string | undefined][] = [
      ["NOSUCHCODE1", p.id, COUPON_ERRORS.unknown, u.session],
      [(await coupon({ active: false })).code, p.id, COUPON_ERRORS.unknown, u.session],
      [(await coupon({ startsAt: new Date(Date.now() + HOUR) })).code, p.id, COUPON_ERRORS.notStarted, u.session],
      [(await coupon({ expiresAt: new Date(Date.now() - 1) })).code, p.id, COUPON_ERRORS.expired, u.session],
      [used.code, p.id, COUPON_ERRORS.limitReached, u.session],
      [(await coupon({ minOrderCredits: 501 })).code, p.id, "This coupon needs an order of at least 501 credits.", u.session],
      [(await coupon({ scope: "PRODUCTS", productIds: [p.id] })).code, other.id, COUPON_ERRORS.notForProduct, u.session],
      [(await coupon({ storeItems: false, creditPackages: true })).code, p.id, COUPON_ERRORS.notForProduct, u.session],
      [(await coupon({})).code, onSale.id, NOT_STACKABLE, u.session],
      [(await coupon({ userId: someone.id })).code, p.id, COUPON_ERRORS.notForPlayer, u.session],
      [(await coupon({})).code, p.id, COUPON_ERRORS.signIn, undefined],
    ];
    for (const [c, id, message, session] of cases) {
      const r = await preview({ product_id: id, coupon: c }, session);
      expect({ c, status: r.status, json: r.json }).toEqual({ c, status: 400, json: expect.objectContaining({ coupon: [message] }) });
    }
    // Their positive twins: the same kinds of coupon on an item they cover pass.
    expect((await preview({ product_id: p.id, coupon: (await coupon({ minOrderCredits: 500 })).code }, u.session)).status).toBe(200);
    expect((await preview({ product_id: p.id, coupon: (await coupon({ userId: u.id })).code }, u.session)).status).toBe(200);
    expect((await preview({ product_id: onSale.id, coupon: (await coupon({ stackable: true })).code }, u.session)).status).toBe(200);
    expect((await preview({ product_id: p.id }, undefined)).json).toMatchObject({ total: 500 });
  });

  it("names product_id when neither or both are sent, and answers 404 for a product not for sale", async () => {
    const r = await preview({});
    expect(r.status).toBe(400);
    expect(r.json).toHaveProperty("product_id");
    expect((await preview({ product_id: 1, package_id: 1 })).json).toHaveProperty("product_id");
    const hidden = await createProduct({ categoryId: (await createCategory()).id, active: false });
    expect((await preview({ product_id: hidden.id })).status).toBe(404);
  });
});

describe("scheduled sales", () => {
  it("is not in force before its start nor from its end; in force between, where the contract's sale fields follow it", async () => {
    const p = await product(1000);
    const now = Date.now();
    const before = await sale({ productIds: [p.id], value: 30, startsAt: new Date(now + HOUR), endsAt: new Date(now + 2 * HOUR) });
    await sale({ productIds: [p.id], value: 40, startsAt: new Date(now - 2 * HOUR), endsAt: new Date(now - 1) });
    expect(await dtoOf(p.id)).toMatchObject({ price: 1000, sale_price: null, sale: null, sale_percent: null, sale_ends_at: null });
    const u = await buyer(1000);
    expect((await buy(u.session, p.id)).json.credits).toBe(0);

    await db.storeSale.update({ where: { id: before.id }, data: { startsAt: new Date(now - 1000) } });
    expect(await dtoOf(p.id)).toMatchObject({ price: 1000, sale_price: 700, sale: "MEDIUM", sale_percent: 30, sale_ends_at: before.endsAt.toISOString() });
    await giveCredits(u.id, 700);
    expect((await buy(u.session, p.id)).json.credits).toBe(0);
  });

  it("overlapping sales: the best price for the player wins, the product's own tier included", async () => {
    const p = await product(1000, { sale: "LOW" });
    expect(await dtoOf(p.id)).toMatchObject({ sale_price: 900, sale: "LOW", sale_percent: 10, sale_ends_at: null });
    const whole = await sale({ scope: "STORE", value: 15 });
    const fixed = await sale({ productIds: [p.id], kind: "FIXED", value: 600 });
    const cat = await sale({ scope: "CATEGORIES", categoryIds: [p.categoryId], value: 55 });
    expect(await dtoOf(p.id)).toMatchObject({ sale_price: 400, sale: "HIGH", sale_percent: 60, sale_ends_at: fixed.endsAt.toISOString() });
    const u = await buyer(400);
    expect((await buy(u.session, p.id)).json.credits).toBe(0);
    await db.storeSale.delete({ where: { id: fixed.id } });
    expect(await dtoOf(p.id)).toMatchObject({ sale_price: 450, sale: "HIGH", sale_percent: 55 });
    await db.storeSale.delete({ where: { id: cat.id } });
    expect(await dtoOf(p.id)).toMatchObject({ sale_price: 850, sale: "LOW", sale_percent: 15 });
    await db.storeSale.delete({ where: { id: whole.id } });
    expect(await dtoOf(p.id)).toMatchObject({ sale_price: 900, sale: "LOW", sale_percent: 10 });
  });
});
