import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_REUSED, PRODUCT_UNAVAILABLE, PURCHASE_SUCCESS } from "@/lib/schemas/store";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";
import { cancelDelivery } from "@/lib/server/game/cancel-delivery";
import { idempotencyKeyFrom, purchaseProduct } from "@/lib/server/store/purchase-product";
import { createUser } from "../factories/users";
import { balanceOf, createCategory, createProduct, giveCredits } from "./store-fixtures";

// Buying with credits (lib/server/store/purchase-product.ts) and the ledger write under it
// (lib/server/credits/apply-credit-change.ts), called directly against the database: exact rows
// and balances for each outcome. Quick, so each mutant of npm run test:mutation -- --only=store
// runs few requests. The same through the HTTP route, with 50-way races: store-purchase.test.ts.

async function buyerWith(credits: number) {
  const user = await createUser();
  if (credits) await giveCredits(user.id, credits);
  return user;
}
const ordersOf = (userId: number) => db.storeOrder.findMany({ where: { userId }, include: { delivery: true, ledgerEntries: true }, orderBy: { id: "asc" } });
// messageKey "error": the clients of docs/product.md §7 read these under `error` (lib/server/errors.ts).
const refused = (message: string) => expect.objectContaining({ code: "VALIDATION", userMessage: message, messageKey: "error" });

describe("purchaseProduct", () => {
  it("charges the price in force, and writes the order, its spend entry and its delivery", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 450, sale: "MEDIUM", gameItemId: 11802, quantity: 3 });
    const user = await buyerWith(1000);
    expect(await purchaseProduct(user.id, product.id, "k-1")).toEqual({ success: PURCHASE_SUCCESS, credits: 1000 - 338 });
    expect(await balanceOf(user.id)).toBe(662);
    const [order, ...more] = await ordersOf(user.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ productId: product.id, priceCredits: 338, quantity: 1, idempotencyKey: "k-1" });
    expect(order!.ledgerEntries).toEqual([
      expect.objectContaining({
        userId: user.id,
        delta: -338,
        balanceAfter: 662,
        kind: "SPEND",
        idempotencyKey: `order:${order!.id}:spend`,
        note: product.name,
        creditPurchaseId: null,
      }),
    ]);
    expect(order!.delivery).toMatchObject({ userId: user.id, kind: "STORE_ITEM", status: "PENDING", payload: { itemId: 11802, quantity: 3 } });
  });

  it("spends a balance down to exactly zero, and refuses one credit short with nothing written", async () => {
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 100 });
    const exact = await buyerWith(100);
    expect(await purchaseProduct(exact.id, product.id, null)).toMatchObject({ credits: 0 });
    const short = await buyerWith(99);
    await expect(purchaseProduct(short.id, product.id, null)).rejects.toThrow(refused(INSUFFICIENT_CREDITS));
    expect(await balanceOf(short.id)).toBe(99);
    expect(await ordersOf(short.id)).toEqual([]);
    expect(await db.gameDelivery.count({ where: { userId: short.id } })).toBe(0);
    expect(await db.creditLedgerEntry.count({ where: { userId: short.id } })).toBe(1); // the grant only
  });

  it("refuses a product that is inactive, in a hidden category, or unknown", async () => {
    const user = await buyerWith(1000);
    const cat = await createCategory();
    const hidden = await db.storeCategory.create({ data: { name: `Hidden ${randomUUID()}`, hidden: true } });
    const inactive = await createProduct({ categoryId: cat.id, active: false });
    const inHidden = await createProduct({ categoryId: hidden.id });
    for (const id of [inactive.id, inHidden.id, 2_000_000_000])
      await expect(purchaseProduct(user.id, id, null), String(id)).rejects.toThrow(refused(PRODUCT_UNAVAILABLE));
    expect(await balanceOf(user.id)).toBe(1000);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it("sells a product for one credit, and refuses one whose price is zero", async () => {
    const cheap = await createProduct({ categoryId: (await createCategory()).id, price: 1 });
    const buyer = await buyerWith(1);
    expect(await purchaseProduct(buyer.id, cheap.id, null)).toMatchObject({ credits: 0 });
  });

  it("refuses a product whose price is zero", async () => {
    const user = await buyerWith(10);
    const free = await createProduct({ categoryId: (await createCategory()).id, price: 0 });
    await expect(purchaseProduct(user.id, free.id, null)).rejects.toThrow(refused(PRODUCT_UNAVAILABLE));
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it("buys once per key and answers a retry as before, even after the product is hidden; another product with the key is refused", async () => {
    const cat = await createCategory();
    const [a, b] = [await createProduct({ categoryId: cat.id, price: 30 }), await createProduct({ categoryId: cat.id, price: 40 })];
    const user = await buyerWith(100);
    const first = await purchaseProduct(user.id, a.id, "same");
    await db.storeProduct.update({ where: { id: a.id }, data: { active: false } });
    expect(await purchaseProduct(user.id, a.id, "same")).toEqual(first);
    await expect(purchaseProduct(user.id, b.id, "same")).rejects.toThrow(refused(IDEMPOTENCY_KEY_REUSED));
    expect(await balanceOf(user.id)).toBe(70);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });

  it("answers a retry with the spend's balance, not the refund's, after the item was canceled", async () => {
    const staff = await createUser({ privilege: "OWNER" });
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 30 });
    const user = await buyerWith(100);
    expect(await purchaseProduct(user.id, product.id, "k-refunded")).toMatchObject({ credits: 70 });
    const delivery = await db.gameDelivery.findFirstOrThrow({ where: { userId: user.id } });
    expect(await cancelDelivery(delivery.id, "out of stock", { actorId: staff.id, privilege: staff.privilege, ip: null })).toMatchObject({
      refundedCredits: 30,
    });
    // The order now has two entries. The spend is written again as a new row, behind the refund
    // in id and in the table, so only the kind (not the order of the rows) picks it.
    const [order] = await ordersOf(user.id);
    expect(order!.ledgerEntries.map((e) => [e.kind, e.balanceAfter]).sort()).toEqual([
      ["REFUND", 100],
      ["SPEND", 70],
    ]);
    const { id: _id, ...spend } = order!.ledgerEntries.find((e) => e.kind === "SPEND")!;
    await db.$transaction([db.creditLedgerEntry.delete({ where: { id: _id } }), db.creditLedgerEntry.create({ data: spend })]);
    expect((await ordersOf(user.id))[0]!.ledgerEntries.map((e) => e.kind)).toEqual(["REFUND", "SPEND"]);
    expect(await purchaseProduct(user.id, product.id, "k-refunded")).toEqual({ success: PURCHASE_SUCCESS, credits: 70 });
    expect(await balanceOf(user.id)).toBe(100);
  });

  it("refuses to answer a retry whose order has no spend entry (a broken invariant), charging nothing", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 30 });
    const user = await buyerWith(100);
    const order = await db.storeOrder.create({ data: { userId: user.id, productId: product.id, priceCredits: 30, quantity: 1, idempotencyKey: "k-no-spend" } });
    await expect(purchaseProduct(user.id, product.id, "k-no-spend")).rejects.toThrow(`store order ${order.id} has no spend entry`);
    expect(await balanceOf(user.id)).toBe(100);
  });

  it("refuses a new order whose spend key is already taken (a broken invariant), writing nothing", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 30 });
    const user = await buyerWith(100);
    // The next order id, and a ledger entry (another account's) already holding its spend key.
    const [{ n }] = await db.$queryRaw<[{ n: number }]>`SELECT nextval(pg_get_serial_sequence('store_orders', 'id'))::int AS n`;
    const next = n + 1;
    const other = await createUser();
    await db.$transaction((tx) =>
      applyCreditChange(tx, { userId: other.id, delta: 5, kind: "ADJUSTMENT", idempotencyKey: `order:${next}:spend`, mode: "force" }),
    );
    await expect(purchaseProduct(user.id, product.id, null)).rejects.toThrow(`store order ${next} already had a spend entry`);
    expect(await balanceOf(user.id)).toBe(100);
    expect(await ordersOf(user.id)).toEqual([]);
    expect(await db.gameDelivery.count({ where: { userId: user.id } })).toBe(0);
  });

  it("without a key, each call is its own purchase with a server-made key", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 10 });
    const user = await buyerWith(100);
    await purchaseProduct(user.id, product.id, null);
    await purchaseProduct(user.id, product.id, null);
    const orders = await ordersOf(user.id);
    expect(orders).toHaveLength(2);
    for (const o of orders) expect(o.idempotencyKey).toMatch(/^server:[0-9a-f-]{36}$/);
    expect(await balanceOf(user.id)).toBe(80);
  });

  it("scopes keys to the buyer: two players may use the same key", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 10 });
    const [u1, u2] = [await buyerWith(50), await buyerWith(50)];
    await purchaseProduct(u1.id, product.id, "shared-key");
    await purchaseProduct(u2.id, product.id, "shared-key");
    expect([await balanceOf(u1.id), await balanceOf(u2.id)]).toEqual([40, 40]);
  });

  it("of twins with one key sent together, one buys and both answer its balance", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 10 });
    const user = await buyerWith(50);
    const results = await Promise.all(Array.from({ length: 4 }, () => purchaseProduct(user.id, product.id, "twin")));
    expect(results).toEqual(Array.from({ length: 4 }, () => ({ success: PURCHASE_SUCCESS, credits: 40 })));
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await db.gameDelivery.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("idempotencyKeyFrom", () => {
  const headers = (value?: string) => new Headers(value === undefined ? {} : { "Idempotency-Key": value });

  it("takes 1 to 100 visible ASCII characters, and no header or an empty one as none", () => {
    expect(idempotencyKeyFrom(headers())).toBeNull();
    expect(idempotencyKeyFrom(headers(""))).toBeNull();
    expect(idempotencyKeyFrom(headers("!"))).toBe("!");
    expect(idempotencyKeyFrom(headers("~".repeat(100)))).toBe("~".repeat(100));
  });

  it("refuses inner spaces, other characters and a key over 100, naming the header", () => {
    const message = "Idempotency-Key must be 1 to 100 visible ASCII characters, e.g. a UUID.";
    for (const bad of ["a b", "é", "x".repeat(101)])
      expect(() => idempotencyKeyFrom(headers(bad)), bad).toThrow(
        expect.objectContaining({ code: "VALIDATION", userMessage: message, messageKey: "error", fields: { "Idempotency-Key": [message] } }),
      );
  });
});

describe("applyCreditChange", () => {
  const change = (userId: number, delta: number, mode: "spend" | "force", extra: Partial<Parameters<typeof applyCreditChange>[1]> = {}) =>
    db.$transaction((tx) =>
      applyCreditChange(tx, { userId, delta, kind: delta > 0 ? "ADJUSTMENT" : "SPEND", idempotencyKey: `t:${randomUUID()}`, mode, ...extra }),
    );

  it("refuses a zero or fractional change before writing anything", async () => {
    const user = await createUser();
    await expect(change(user.id, 0, "force")).rejects.toThrow("credit change must be a non-zero integer, got 0");
    await expect(change(user.id, 1.5, "force")).rejects.toThrow(/non-zero integer/);
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("records who and why, and answers the entry and the balance after it", async () => {
    const user = await createUser();
    const actor = await createUser();
    const r = await change(user.id, 25, "force", { actorId: actor.id, note: "goodwill" });
    const entry = await db.creditLedgerEntry.findFirstOrThrow({ where: { userId: user.id } });
    expect(r).toEqual({ applied: true, balanceAfter: 25, entryId: entry.id });
    expect(entry).toMatchObject({ delta: 25, balanceAfter: 25, actorId: actor.id, note: "goodwill", storeOrderId: null, creditPurchaseId: null });
  });

  it("links the entry to the credit purchase or store order that caused it", async () => {
    const user = await createUser();
    const pkg = await db.creditPackage.create({ data: { credits: 5, priceCents: 100, imageUrl: "/img/c.png" } });
    const purchase = await db.creditPurchase.create({
      data: { userId: user.id, creditPackageId: pkg.id, method: "STRIPE", providerRef: `pi_${randomUUID()}`, credits: 5, bonusCredits: 0, amountCents: 100 },
    });
    await change(user.id, 5, "force", { creditPurchaseId: purchase.id });
    expect(await db.creditLedgerEntry.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({
      creditPurchaseId: purchase.id,
      storeOrderId: null,
      actorId: null,
      note: null,
    });
  });

  it("answers a repeated key as a duplicate and changes nothing", async () => {
    const user = await createUser();
    const once = () =>
      db.$transaction((tx) => applyCreditChange(tx, { userId: user.id, delta: 5, kind: "ADJUSTMENT", idempotencyKey: `dup:${user.id}`, mode: "force" }));
    await once();
    expect(await once()).toEqual({ applied: false, reason: "duplicate" });
    expect(await balanceOf(user.id)).toBe(5);
  });

  it("spends only what the balance covers; a forced change may go below zero", async () => {
    const user = await buyerWith(10);
    await expect(change(user.id, -11, "spend")).rejects.toThrow(refused(INSUFFICIENT_CREDITS));
    expect(await change(user.id, -10, "spend")).toMatchObject({ applied: true, balanceAfter: 0 });
    expect(await change(user.id, -5, "force")).toMatchObject({ applied: true, balanceAfter: -5 });
    // Another account's balance is untouched throughout.
    const other = await buyerWith(7);
    await change(user.id, 3, "force");
    expect(await balanceOf(other.id)).toBe(7);
  });
});

describe("waiting for the buyer's row", () => {
  // Last in the file: this case waits six seconds, and a mutant that an earlier case kills never gets here.
  it("still completes a purchase that waited six seconds for the buyer's row", async () => {
    const product = await createProduct({ categoryId: (await createCategory()).id, price: 10 });
    const user = await buyerWith(50);
    let purchase: ReturnType<typeof purchaseProduct> | undefined;
    await db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`;
        purchase = purchaseProduct(user.id, product.id, "k-waited");
        purchase.catch(() => {}); // awaited below
        let waiting = false;
        for (let i = 0; i < 200 && !waiting; i++) {
          const [row] = await db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND (query ILIKE '%INSERT INTO store_orders%' OR query ILIKE '%FROM "users" WHERE id = ANY%FOR UPDATE%')`;
          waiting = row!.n >= 1;
          if (!waiting) await new Promise((r) => setTimeout(r, 25));
        }
        expect(waiting).toBe(true);
        await new Promise((r) => setTimeout(r, 6_000));
      },
      { timeout: 20_000 },
    );
    expect(await purchase).toEqual({ success: PURCHASE_SUCCESS, credits: 40 });
    expect(await balanceOf(user.id)).toBe(40);
  });
});
