import "server-only";
import type { TPriceLine } from "@/lib/schemas/store";
import { db } from "../db";
import { linesJson, pricePackageFor, recordRedemption } from "../store/pricing";
import { AppError } from "../errors";
import type { PaymentMethodName } from "../env";
import { log } from "../log";
import { ADAPTERS } from "./adapters";
import { availableMethods, isTestCheckout } from "./config";
import { DB_METHOD, type CheckoutAnswer } from "./types";

// POST /store/credits/purchase: a PENDING purchase holding a snapshot of the package and the price
// lines (base, coupon, creator bonus, total: amountCents is the total, the one price a webhook is checked against),
// then the provider's checkout for that amount. A coupon's use is recorded with the purchase, in
// its transaction, under the coupon's row lock; a checkout that fails or is cancelled frees it. A
// creator code (docs/store.md, "Creator codes") is stored on the purchase, its bonus credits added to
// the snapshot's bonus; the creator's share is made when the payment settles (creator-shares.ts).

export const PACKAGE_NOT_FOUND = "That credit package is not available.";
export const METHOD_UNAVAILABLE = "That payment method is not available right now.";
export const CHECKOUT_FAILED = "We could not start the checkout with the payment provider, please try again later.";

/** `deliverInGame`: the credits go to the game (a delivery when paid), not to the site balance. */
export async function createCreditPurchase(
  userId: number,
  packageId: number,
  method: PaymentMethodName,
  opts: { deliverInGame?: boolean; couponCode?: string | null; creatorCode?: string | null } = {},
): Promise<CheckoutAnswer & { purchase_id: number; test_checkout: boolean; amount_cents: number; lines: TPriceLine[] }> {
  if (!availableMethods().includes(method)) throw new AppError("VALIDATION", { fields: { method: [METHOD_UNAVAILABLE] }, userMessage: METHOD_UNAVAILABLE });
  const pkg = await db.creditPackage.findFirst({ where: { id: packageId, active: true } });
  if (!pkg) throw new AppError("VALIDATION", { fields: { id: [PACKAGE_NOT_FOUND] }, userMessage: PACKAGE_NOT_FOUND });
  const { purchase, lines } = await db.$transaction(async (tx) => {
    const now = new Date();
    const { breakdown, coupon, creator } = await pricePackageFor(tx, pkg, {
      userId,
      couponCode: opts.couponCode ?? null,
      creatorCode: opts.creatorCode ?? null,
      lock: true,
      now,
    });
    const created = await tx.creditPurchase.create({
      data: {
        userId,
        creditPackageId: pkg.id,
        method: DB_METHOD[method],
        credits: pkg.credits,
        // The creator code's bonus is part of the bonus: granted with it at settlement, clawed back with it.
        bonusCredits: pkg.bonusCredits + breakdown.creatorBonusCredits,
        creatorCodeId: creator?.id ?? null,
        creatorBonusCredits: breakdown.creatorBonusCredits,
        amountCents: breakdown.total,
        currency: "USD",
        deliverInGame: opts.deliverInGame ?? false,
        priceLines: linesJson(breakdown.lines),
        giftCard: pkg.giftCard,
      },
    });
    if (coupon) await recordRedemption(tx, { couponId: coupon.id, userId, discount: breakdown.couponDiscount, creditPurchaseId: created.id });
    return { purchase: created, lines: breakdown.lines };
  });
  let checkout;
  try {
    checkout = await ADAPTERS[method].createCheckout({
      purchaseId: purchase.id,
      userId,
      amountCents: purchase.amountCents,
      currency: purchase.currency,
      credits: purchase.credits,
      bonusCredits: purchase.bonusCredits,
    });
  } catch (e) {
    log.error("checkout creation failed", { provider: method, purchaseId: purchase.id, error: e });
    await db.creditPurchase.update({ where: { id: purchase.id }, data: { status: "FAILED" } });
    throw new AppError("UNAVAILABLE", { userMessage: CHECKOUT_FAILED });
  }
  // The session is kept so the player can resume the checkout from the order history until it expires.
  await db.creditPurchase.update({ where: { id: purchase.id }, data: { providerRef: checkout.providerRef, checkoutAnswer: checkout.answer } });
  return { ...checkout.answer, purchase_id: purchase.id, test_checkout: isTestCheckout(method), amount_cents: purchase.amountCents, lines };
}
