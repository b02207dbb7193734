import "server-only";
import { randomUUID } from "node:crypto";
import { isBanned } from "@/lib/bans";
import { usernameKey } from "@/lib/usernames";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  GIFT_ERRORS,
  GIFT_TO_FIELD,
  IDEMPOTENCY_KEY_REUSED,
  PRODUCT_UNAVAILABLE,
  PURCHASE_SUCCESS,
  type TPurchaseResult,
} from "@/lib/schemas/store";
import { applyCreditChange } from "../credits/apply-credit-change";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { assertNoSpendingHold } from "../payments/disputes";
import { queueGiftNotice } from "./queue-gift-notice";
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
/** A 400 naming `gift_to` (the legacy purchase answer adds `error` itself). */
const refuseGift = (message: string) => new AppError("VALIDATION", { userMessage: message, messageKey: "error", fields: { [GIFT_TO_FIELD]: [message] } });

/**
 * The recipient of a gift (docs/store.md "Gifting"): the active player with this username (any
 * case, separators ignored as everywhere names are unique), not the buyer, not banned now.
 */
async function giftRecipient(tx: Tx, buyerId: number, giftTo: string): Promise<{ id: number }> {
  const user = await tx.user.findUnique({
    where: { usernameKey: usernameKey(giftTo) },
    select: { id: true, isActive: true, bannedAt: true, bannedUntil: true },
  });
  // An inactive account (not confirmed, or deleted) cannot sign in to see or claim it: no such player.
  if (!user?.isActive) throw refuseGift(GIFT_ERRORS.unknown);
  if (user.id === buyerId) throw refuseGift(GIFT_ERRORS.self);
  if (isBanned(user)) throw refuseGift(GIFT_ERRORS.banned);
  return { id: user.id };
}

/**
 * Buys `productId` for `userId`. `idempotencyKey` is the client's key for this purchase
 * (one per confirmed click); null makes the request its own purchase. The price is the one in
 * force now, computed here by the price pipeline (sale, then `couponCode` if given): the client
 * never says what it pays. A coupon that cannot apply refuses the purchase (400 naming `coupon`);
 * its use is counted under the coupon's row lock and recorded with the order.
 * With `giftTo` (a username) the order is still the buyer's (they pay, the ledger entries and any
 * refund are theirs) and the delivery goes to the recipient's account, who is mailed once.
 */
export async function purchaseProduct(
  userId: number,
  productId: number,
  idempotencyKey: string | null,
  couponCode: string | null = null,
  giftTo: string | null = null,
): Promise<TPurchaseResult> {
  // Server-made keys have their own prefix; a client key is taken as sent (scoped to the user).
  const key = idempotencyKey ?? `server:${randomUUID()}`;
  return db.$transaction((tx) => buyOnce(tx, userId, productId, key, couponCode, giftTo));
}

async function buyOnce(tx: Tx, userId: number, productId: number, key: string, couponCode: string | null, giftTo: string | null): Promise<TPurchaseResult> {
  const ask = { productId, giftKey: giftTo === null ? null : usernameKey(giftTo) };
  // A retry of a finished purchase answers as before, even if the product was hidden since.
  if (await tx.storeOrder.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } }, select: { id: true } })) {
    return replay(tx, userId, ask, key);
  }
  // Ironman availability is shown to the player; the game checks it when the item is claimed.
  const product = await tx.storeProduct.findFirst({ where: { id: productId, active: true, category: { hidden: false } } });
  if (!product) throw refuse(PRODUCT_UNAVAILABLE);
  const recipient = giftTo === null ? null : await giftRecipient(tx, userId, giftTo);
  if (recipient && !product.giftable) throw refuseGift(GIFT_ERRORS.notGiftable);
  const now = new Date();
  const sales = await activeSales(tx, now);
  let priced;
  try {
    priced = await priceProductFor(tx, product, sales, { userId, couponCode, lock: true, now });
  } catch (e) {
    // A twin with this key waited on the coupon's lock while the first used it: answer as the first.
    if (await tx.storeOrder.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey: key } }, select: { id: true } })) {
      return replay(tx, userId, ask, key);
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
  const orderId = await insertStoreOrder(tx, { userId, productId: product.id, priceCredits: price, idempotencyKey: key, recipientId: recipient?.id ?? null });
  if (orderId === null) return replay(tx, userId, ask, key);
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
  // The game bridge claims this row; storeOrderId is unique, so one delivery per order. A gift is
  // handed over to the recipient's account.
  await tx.gameDelivery.create({
    data: {
      userId: recipient?.id ?? userId,
      ...deliveryPayload("STORE_ITEM", { itemId: product.gameItemId, quantity: product.quantity }),
      storeOrderId: orderId,
    },
  });
  // The recipient's notice commits with the order, once: a replay of this key never gets here.
  if (recipient) await queueGiftNotice(tx, orderId);
  return { success: PURCHASE_SUCCESS, credits: spent.balanceAfter };
}

/** The answer of the order that already used this key: the same result, nothing charged again. */
async function replay(tx: Tx, userId: number, ask: { productId: number; giftKey: string | null }, key: string): Promise<TPurchaseResult> {
  const order = await tx.storeOrder.findUniqueOrThrow({
    where: { userId_idempotencyKey: { userId, idempotencyKey: key } },
    include: { ledgerEntries: { where: { kind: "SPEND" }, select: { balanceAfter: true } }, recipient: { select: { usernameKey: true } } },
  });
  // The key bought something else (another product, or for someone else): refused, not replayed.
  if (order.productId !== ask.productId || (order.recipient?.usernameKey ?? null) !== ask.giftKey) throw refuse(IDEMPOTENCY_KEY_REUSED);
  const entry = order.ledgerEntries[0];
  if (!entry) throw new Error(`store order ${order.id} has no spend entry`);
  return { success: PURCHASE_SUCCESS, credits: entry.balanceAfter };
}
