import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import type { PaymentMethodName } from "../env";
import { log } from "../log";
import { ADAPTERS } from "./adapters";
import { availableMethods, isTestCheckout } from "./config";
import { DB_METHOD, type CheckoutAnswer } from "./types";

// POST /store/credits/purchase: a PENDING purchase holding a snapshot of the package (the
// price a webhook is checked against), then the provider's checkout for it.

export const PACKAGE_NOT_FOUND = "That credit package is not available.";
export const METHOD_UNAVAILABLE = "That payment method is not available right now.";
export const CHECKOUT_FAILED = "We could not start the checkout with the payment provider, please try again later.";

/** `deliverInGame`: the credits go to the game (a delivery when paid), not to the site balance. */
export async function createCreditPurchase(
  userId: number,
  packageId: number,
  method: PaymentMethodName,
  opts: { deliverInGame?: boolean } = {},
): Promise<CheckoutAnswer & { purchase_id: number; test_checkout: boolean }> {
  if (!availableMethods().includes(method)) throw new AppError("VALIDATION", { fields: { method: [METHOD_UNAVAILABLE] }, userMessage: METHOD_UNAVAILABLE });
  const pkg = await db.creditPackage.findFirst({ where: { id: packageId, active: true } });
  if (!pkg) throw new AppError("VALIDATION", { fields: { id: [PACKAGE_NOT_FOUND] }, userMessage: PACKAGE_NOT_FOUND });
  const purchase = await db.creditPurchase.create({
    data: {
      userId,
      creditPackageId: pkg.id,
      method: DB_METHOD[method],
      credits: pkg.credits,
      bonusCredits: pkg.bonusCredits,
      amountCents: pkg.priceCents,
      currency: "USD",
      deliverInGame: opts.deliverInGame ?? false,
    },
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
  return { ...checkout.answer, purchase_id: purchase.id, test_checkout: isTestCheckout(method) };
}
