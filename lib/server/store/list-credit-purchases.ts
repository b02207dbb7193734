import "server-only";
import type { TCreditPurchaseRow, TPurchaseSummary } from "@/lib/schemas/store";
import { db } from "../db";

// The purchase history page (docs/product.md §2 "Purchase history"): only the caller's own rows, always
// scoped by the signed-in user's id, never by an id the client sends.

/** Plenty for any player's history; keeps one request bounded. */
export const PURCHASE_HISTORY_LIMIT = 1000;

export async function listCreditPurchases(userId: number): Promise<TCreditPurchaseRow[]> {
  const rows = await db.creditPurchase.findMany({
    // A checkout that failed, was cancelled or expired before payment is not part of this list
    // (the product contract's ?type=credits view); the order history (list-orders.ts) shows them.
    where: { userId, status: { notIn: ["FAILED", "CANCELED", "EXPIRED"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PURCHASE_HISTORY_LIMIT,
  });
  return rows.map((p) => ({
    id: p.id,
    status: p.status as TCreditPurchaseRow["status"],
    time: p.createdAt.toISOString(),
    // The snapshot taken at purchase time: later package edits do not rewrite history.
    creditPackage: { credits: p.credits, bonusCredits: p.bonusCredits, price: p.amountCents / 100 },
    method: p.method.toLowerCase() as TCreditPurchaseRow["method"],
    deliverInGame: p.deliverInGame,
  }));
}

export async function purchaseSummary(userId: number): Promise<TPurchaseSummary> {
  const [user, redeemed] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { totalSpentCents: true, storeCredits: true } }),
    // Every ledger entry of a store order: the spends, and any refund of an order netted out.
    db.creditLedgerEntry.aggregate({ where: { userId, storeOrderId: { not: null } }, _sum: { delta: true } }),
  ]);
  return { totalSpent: user.totalSpentCents / 100, storeCredits: user.storeCredits, redeemedCredits: 0 - (redeemed._sum.delta ?? 0) };
}
