import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { localCoinbaseEvent } from "./coinbase";
import { isTestCheckout, testCheckoutAllowed } from "./config";
import { handleWebhook } from "./handle-webhook";
import { localPaypalEvent } from "./paypal";
import { localStripeEvent } from "./stripe";

// Local mode only (item 7): completes a purchase without money by building the provider's
// correctly signed webhook and sending it through handleWebhook, the routes' own path.

const BUILDERS = { stripe: localStripeEvent, paypal: localPaypalEvent, coinbase: localCoinbaseEvent } as const;
const METHOD_NAME = { STRIPE: "stripe", PAYPAL: "paypal", COINBASE: "coinbase" } as const;

export async function completeTestCheckout(userId: number, purchaseId: number) {
  // Outside local mode this route does not exist.
  if (!testCheckoutAllowed()) throw new AppError("NOT_FOUND");
  const p = await db.creditPurchase.findUnique({ where: { id: purchaseId } });
  // Someone else's purchase looks exactly like a missing one (docs/architecture.md: uniform 404).
  if (!p || p.userId !== userId || !(p.method in METHOD_NAME)) throw new AppError("NOT_FOUND");
  const method = METHOD_NAME[p.method as keyof typeof METHOD_NAME];
  if (!isTestCheckout(method) || !p.providerRef) throw new AppError("NOT_FOUND");
  const signed = BUILDERS[method]({ purchaseId: p.id, providerRef: p.providerRef, amountCents: p.amountCents, currency: p.currency });
  await handleWebhook(method, new TextEncoder().encode(signed.body), new Headers(signed.headers));
  const [after, user] = await Promise.all([db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } }), db.user.findUniqueOrThrow({ where: { id: userId } })]);
  return { status: after.status, credits: user.storeCredits };
}
