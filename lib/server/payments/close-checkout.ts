import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { parseOrderNumber } from "@/lib/orders/order-number";
import type { TOrder, TResumeResult } from "@/lib/schemas/orders";
import { db } from "../db";
import { AppError } from "../errors";
import { checkoutExpiresAt, creditOrderDto, creditOrderInclude } from "../store/order-dto";
import { NO_SUCH_ORDER } from "../store/list-orders";
import { isTestCheckout } from "./config";
import { lockOwnPurchase } from "./sql/purchases";

// POST /account/orders/{number}/cancel and /resume: the player's hold on an unpaid checkout
// (docs/payments.md "Orders"). Only the caller's own credit purchases; another player's answers
// 404 like a missing one.

export const NOT_OPEN = "This order is not waiting for payment any more.";
export const NOT_A_CHECKOUT = "Only a credit package checkout waiting for payment can be cancelled or resumed.";

function purchaseIdOf(number: string): number {
  const ref = parseOrderNumber(number);
  if (!ref) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_ORDER });
  if (ref.kind !== "credits") throw new AppError("CONFLICT", { userMessage: NOT_A_CHECKOUT });
  return ref.id;
}

/**
 * Cancels the checkout. The row is locked first: a paid webhook settling it at the same moment
 * either went first (then it is PAID and this answers 409) or waits and then finds it CANCELED,
 * which settle.ts still honours, since the provider took the money.
 */
export async function cancelCheckout(userId: number, number: string): Promise<TOrder> {
  const id = purchaseIdOf(number);
  return db.$transaction(async (tx) => {
    // A store order of someone else, or a missing one, answers alike.
    if ((await lockOwnPurchase(tx, id, userId)) === null) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_ORDER });
    const p = await tx.creditPurchase.findUniqueOrThrow({ where: { id } });
    if (p.status !== "PENDING") throw new AppError("CONFLICT", { userMessage: NOT_OPEN });
    const after = await tx.creditPurchase.update({
      where: { id },
      data: { status: "CANCELED", closedAt: new Date(), checkoutAnswer: Prisma.DbNull },
      include: creditOrderInclude,
    });
    return creditOrderDto(after);
  });
}

/** The provider session the checkout was created with, while it is open. */
export async function resumeCheckout(userId: number, number: string): Promise<TResumeResult> {
  const id = purchaseIdOf(number);
  const p = await db.creditPurchase.findFirst({ where: { id, userId } });
  if (!p) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_ORDER });
  const answer = p.checkoutAnswer as { client_secret?: string; order_id?: string; hosted_url?: string } | null;
  if (p.status !== "PENDING" || checkoutExpiresAt(p.createdAt) <= new Date() || !answer) throw new AppError("CONFLICT", { userMessage: NOT_OPEN });
  if (p.method !== "STRIPE" && p.method !== "PAYPAL" && p.method !== "COINBASE") throw new AppError("CONFLICT", { userMessage: NOT_A_CHECKOUT });
  const method = p.method.toLowerCase() as TResumeResult["method"];
  return {
    number: creditOrderDto({ ...p, delivery: null }).number,
    method,
    purchase_id: p.id,
    test_checkout: isTestCheckout(method),
    ...(typeof answer.client_secret === "string" ? { client_secret: answer.client_secret } : {}),
    ...(typeof answer.order_id === "string" ? { order_id: answer.order_id } : {}),
    ...(typeof answer.hosted_url === "string" ? { hosted_url: answer.hosted_url } : {}),
    package: { credits: p.credits, bonusCredits: p.bonusCredits, price: p.amountCents / 100 },
    deliver_in_game: p.deliverInGame,
  };
}
