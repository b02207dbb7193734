import "server-only";
import { db } from "../db";
import { hasSpendingHold } from "../payments/disputes";

/**
 * The caller's store credits (may be negative after a charge-back, which freezes spending), and
 * whether an open payment dispute holds their spending (the store shows a notice).
 */
export async function getCreditBalance(userId: number): Promise<{ credits: number; spending_hold: boolean }> {
  const [user, hold] = await Promise.all([db.user.findUniqueOrThrow({ where: { id: userId }, select: { storeCredits: true } }), hasSpendingHold(userId)]);
  return { credits: user.storeCredits, spending_hold: hold };
}
