import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as purchaseRoute } from "@/app/api/v1/store/purchase/route";
import { GET as historyRoute } from "@/app/api/v1/store/purchases/route";
import { GET as summaryRoute } from "@/app/api/v1/store/purchases/summary/route";
import { applyCreditChange } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

// Purchase history: the caller's own credit purchases and the three cards,
// with Redeemed Credits the real total spent in the store.

let packageId: number;
beforeAll(async () => {
  packageId = (await db.creditPackage.create({ data: { credits: 500, bonusCredits: 50, priceCents: 5000, imageUrl: "/images/credits/test.svg" } })).id;
});

type Status = "PENDING" | "PAID" | "FAILED" | "CANCELED" | "REFUNDED";
function purchase(userId: number, status: Status, createdAt: Date, method: "STRIPE" | "PAYPAL" | "COINBASE" = "STRIPE") {
  return db.creditPurchase.create({
    data: {
      userId,
      creditPackageId: packageId,
      method,
      status,
      providerRef: `test_${randomUUID()}`,
      credits: 500,
      bonusCredits: 50,
      amountCents: 5000,
      createdAt,
    },
  });
}

const get = (route: typeof historyRoute, session?: string) => call(route, { cookies: session ? { session } : undefined, headers: freshClient() });

describe("GET /api/v1/store/purchases", () => {
  it("lists only the caller's purchases, newest first, leaving out failed and cancelled checkouts", async () => {
    const me = await createUser();
    const other = await createUser();
    const old = await purchase(me.id, "PAID", new Date("2026-03-01T10:00:00Z"), "PAYPAL");
    const recent = await purchase(me.id, "PENDING", new Date("2026-11-01T10:00:00Z"), "COINBASE");
    await purchase(me.id, "FAILED", new Date("2026-11-02T10:00:00Z"));
    await purchase(me.id, "CANCELED", new Date("2026-11-03T10:00:00Z"));
    const theirs = await purchase(other.id, "PAID", new Date("2026-10-01T10:00:00Z"));
    await db.creditPurchase.update({ where: { id: old.id }, data: { deliverInGame: true } });

    const r = await get(historyRoute, await createSessionToken(me.id));
    expect(r.status).toBe(200);
    expect(r.json).toEqual([
      {
        id: recent.id,
        status: "PENDING",
        time: "2026-11-01T10:00:00.000Z",
        creditPackage: { credits: 500, bonusCredits: 50, price: 50 },
        method: "coinbase",
        deliverInGame: false,
      },
      {
        id: old.id,
        status: "PAID",
        time: "2026-03-01T10:00:00.000Z",
        creditPackage: { credits: 500, bonusCredits: 50, price: 50 },
        method: "paypal",
        deliverInGame: true,
      },
    ]);
    const theirView = await get(historyRoute, await createSessionToken(other.id));
    expect((theirView.json as unknown as { id: number }[]).map((p) => p.id)).toEqual([theirs.id]);
  });

  it("answers an empty list for a player without purchases, and 401 to guests", async () => {
    const u = await createUser();
    expect((await get(historyRoute, await createSessionToken(u.id))).json).toEqual([]);
    expect((await get(historyRoute)).status).toBe(401);
    expect((await get(summaryRoute)).status).toBe(401);
  });
});

describe("GET /api/v1/store/purchases/summary", () => {
  it("answers total spent in dollars, available credits, and the credits actually spent in the store", async () => {
    const u = await createUser();
    await db.user.update({ where: { id: u.id }, data: { totalSpentCents: 12_550 } });
    await giveCredits(u.id, 1000);
    const session = await createSessionToken(u.id);
    const cat = await createCategory();
    const sale = await createProduct({ categoryId: cat.id, price: 300, sale: "HIGH" });
    const plain = await createProduct({ categoryId: cat.id, price: 200 });
    for (const id of [sale.id, plain.id, plain.id]) {
      const r = await call(purchaseRoute, { method: "POST", body: { id }, cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
      expect(r.status).toBe(200);
    }
    expect((await get(summaryRoute, session)).json).toEqual({ totalSpent: 125.5, storeCredits: 450, redeemedCredits: 550 });

    // A refunded store order no longer counts as redeemed; a staff removal never did.
    const order = await db.storeOrder.findFirstOrThrow({ where: { userId: u.id, productId: plain.id } });
    await db.$transaction(async (tx) => {
      await applyCreditChange(tx, {
        userId: u.id,
        delta: 200,
        kind: "REFUND",
        idempotencyKey: `order:${order.id}:refund`,
        mode: "force",
        storeOrderId: order.id,
      });
      await applyCreditChange(tx, { userId: u.id, delta: -50, kind: "ADJUSTMENT", idempotencyKey: `grant:${randomUUID()}`, mode: "force" });
    });
    expect((await get(summaryRoute, session)).json).toEqual({ totalSpent: 125.5, storeCredits: 600, redeemedCredits: 350 });
  });

  it("starts at zero for a new player", async () => {
    const u = await createUser();
    expect((await get(summaryRoute, await createSessionToken(u.id))).json).toEqual({ totalSpent: 0, storeCredits: 0, redeemedCredits: 0 });
  });
});
