import "server-only";
import { randomUUID } from "node:crypto";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_REUSED,
  PRODUCT_UNAVAILABLE,
  PURCHASE_SUCCESS,
  type TPurchaseResult,
} from "@/lib/schemas/store";
import { applyCreditChange } from "../credits/apply-credit-change";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { assertNoSpendingHold } from "../payments/disputes";
import { activeSales, linesJson, priceProductFor, recordRedemption } from "./pricing";
import { insertStoreOrder } from "./sql/orders";

// Buying a store product with credits (docs/payments.md): the order, the debit and the game
// delivery commit together or not at all. The database enforces the money rules: the order's
// (user, idempotency key) is unique, so a retried or double-clicked request buys once; the
// debit is applyCreditChange's conditional update, so the balance never goes below zero.

const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX}}$`);

/** The client's Idempotency-Key header: null when absent, 400 naming the header when malformed. */
export function idempotencyKeyFrom(headers: Headers): string | null {
  const value = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null || value === "") return null;
  if (KEY_PATTERN.test(value)) return value;
  const message = `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, e.g. a UUID.`;
  throw new AppError("VALIDATION", { userMessage: message, messageKey: "error", fields: { [IDEMPOTENCY_KEY_HEADER]: [message] } });
}

const refuse = (message: string) => new AppError("VALIDATION", { userMessage: message, messageKey: "error" });

/**
 * Buys `productId` for `userId`. `idempotencyKey` is the client's key for this purchase
 * (one per confirmed click); null makes the request its own purchase. The price is the one in
 * force now, computed here by the price pipeline (sale, then `couponCode` if given): the client
 * never says what it pays. A coupon that cannot apply refuses the purchase (400 naming `coupon`);
 * its use is counted under the coupon's row lock and recorded with the order.
 */
export async function purchaseProduct(
  userId: number,
  productId: number,
  idempotencyKey: string | null,
  couponCode: string | null = null,
): Promise<TPurchaseResult> {
  // Server-made keys have their own prefix; a client key is taken as sent (scoped to the user).
  const key = idempotencyKey ?? `server:${randomUUID()}`;
  return db.$transaction((tx) => buyOnce(tx, userId, productId, key, couponCode));
}

async function buyOnce(tx: Tx, userId: number, productId: number, key: string, couponCode: string | null): Promise<TPurchaseResult> {
  // A retry of a finished purchase answers as before, even if the product was hidden since.
  if (await tx.storeOrder.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } }, select: { id: true } })) {
    return replay(tx, userId, productId, key);
  }
  // Ironman availability is shown to the player; the game checks it when the item is claimed.
  const product = await tx.storeProduct.findFirst({ where: { id: productId, active: true, category: { hidden: false } } });
  if (!product) throw refuse(PRODUCT_UNAVAILABLE);
  const now = new Date();
  const sales = await activeSales(tx, now);
  let priced;
  try {
    priced = await priceProductFor(tx, product, sales, { userId, couponCode, lock: true, now });
  } catch (e) {
    // A twin with this key waited on the coupon's lock while the first used it: answer as the first.
    if (await tx.storeOrder.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } }, select: { id: true } })) {
      return replay(tx, userId, productId, key);
    }
    throw e;
  }
  const { breakdown, coupon } = priced;
  const price = breakdown.total;
  if (price < 1) throw refuse(PRODUCT_UNAVAILABLE);
  // An open payment dispute holds spending (lib/server/payments/disputes.ts).
  await assertNoSpendingHold(tx, userId);

  // A concurrent twin with the same key waits here on the unique index, then finds it taken
  // (or, if the first one rolled back for lack of credits, goes ahead itself).
  const orderId = await insertStoreOrder(tx, { userId, productId: product.id, priceCredits: price, idempotencyKey: key });
  if (orderId === null) return replay(tx, userId, productId, key);
  await tx.storeOrder.update({ where: { id: orderId }, data: { priceLines: linesJson(breakdown.lines) } });
  if (coupon) await recordRedemption(tx, { couponId: coupon.id, userId, discount: breakdown.couponDiscount, storeOrderId: orderId });

  const spent = await applyCreditChange(tx, {
    userId,
    delta: -price,
    kind: "SPEND",
    idempotencyKey: `order:${orderId}:spend`,
    mode: "spend",
    storeOrderId: orderId,
    note: product.name,
  });
  // A fresh order id cannot have a ledger entry yet; anything else is a broken invariant.
  if (!spent.applied) throw new Error(`store order ${orderId} already had a spend entry`);
  // The game bridge claims this row; storeOrderId is unique, so one delivery per order.
  await tx.gameDelivery.create({
    data: { userId, ...deliveryPayload("STORE_ITEM", { itemId: product.gameItemId, quantity: product.quantity }), storeOrderId: orderId },
  });
  return { success: PURCHASE_SUCCESS, credits: spent.balanceAfter };
}

/** The answer of the order that already used this key: the same result, nothing charged again. */
async function replay(tx: Tx, userId: number, productId: number, key: string): Promise<TPurchaseResult> {
  const order = await tx.storeOrder.findUniqueOrThrow({
    where: { userId_idempotencyKey: { userId, idempotencyKey: key } },
    include: { ledgerEntries: { where: { kind: "SPEND" }, select: { balanceAfter: true } } },
  });
  if (order.productId !== productId) throw refuse(IDEMPOTENCY_KEY_REUSED);
  const entry = order.ledgerEntries[0];
  if (!entry) throw new Error(`store order ${order.id} has no spend entry`);
  return { success: PURCHASE_SUCCESS, credits: entry.balanceAfter };
}
