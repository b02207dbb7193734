import "server-only";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { isBanned } from "@/lib/bans";
import { DISPUTE_HOLD_MESSAGE } from "@/lib/disputes";
import { banUser } from "../accounts/admin-actions";
import type { DbClient } from "../accounts/db-client";
import { db, type Tx } from "../db";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";

// Disputes (chargebacks) on credit purchases (docs/payments.md). A dispute is open from the
// provider's dispute-opened event until one that decides it; while any of a player's disputes is
// open, their store spending is on hold. The hold and a store purchase serialise on the player's
// row: settling takes it when it opens a dispute, a purchase before it checks, so a purchase
// either commits before the dispute or sees it.

const openDispute = (userId: number) => ({ userId, disputeOpenedAt: { not: null }, disputeClosedAt: null });

/** True while a dispute of the player's is open. */
export async function hasSpendingHold(userId: number, client: DbClient = db): Promise<boolean> {
  return (await client.creditPurchase.count({ where: openDispute(userId) })) > 0;
}

/**
 * In a store purchase's transaction, before it spends: locks the player's row, then refuses while
 * a dispute is open (a 400 with `error`, like the purchase's other refusals, docs/product.md §7).
 */
export async function assertNoSpendingHold(tx: Tx, userId: number): Promise<void> {
  await lockRowById(tx, "user", userId);
  if (await hasSpendingHold(userId, tx)) throw new AppError("VALIDATION", { userMessage: DISPUTE_HOLD_MESSAGE, messageKey: "error" });
}

/**
 * A dispute event's effect on the dispute's own state, in settle.ts's transaction with the
 * purchase row locked (the credits are settle.ts's). Opened: the hold starts. Lost: closed, and
 * under DISPUTE_LOST_POLICY=ban the player (not staff) is banned for good through the staff ban
 * path, audited. Won: closed, the hold ends with it. PayPal's reversal is lost with no opening event.
 */
export async function recordDispute(tx: Tx, p: CreditPurchase, kind: "dispute-opened" | "dispute-lost" | "dispute-won"): Promise<void> {
  await lockRowById(tx, "user", p.userId);
  // Read under the lock: a store purchase that held it committed before this moment.
  const now = new Date();
  if (kind === "dispute-opened") {
    // Once per dispute: a purchase carries one (Stripe opens at most one per charge).
    if (p.disputeOpenedAt !== null) return;
    if (p.status !== "PAID" && p.status !== "DISPUTED" && p.status !== "REFUNDED") return;
    await tx.creditPurchase.update({ where: { id: p.id }, data: { disputeOpenedAt: now, disputeClosedAt: null, disputeOutcome: null } });
    return;
  }
  const outcome = kind === "dispute-lost" ? "LOST" : "WON";
  if (p.disputeOutcome === outcome && p.disputeClosedAt !== null) return;
  await tx.creditPurchase.update({ where: { id: p.id }, data: { disputeOpenedAt: p.disputeOpenedAt ?? now, disputeClosedAt: now, disputeOutcome: outcome } });
  if (outcome === "LOST" && getEnv().DISPUTE_LOST_POLICY === "ban") await banForLostDispute(tx, p);
}

async function banForLostDispute(tx: Tx, p: CreditPurchase): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: p.userId }, select: { privilege: true, bannedAt: true, bannedUntil: true } });
  // Staff are left to the owner; a ban for good already in force is not written twice.
  if (user.privilege !== "PLAYER" || (isBanned(user) && user.bannedUntil === null)) return;
  await banUser({ id: p.userId }, `Payment dispute lost on purchase #${p.id} (DISPUTE_LOST_POLICY=ban)`, "dispute-policy", tx);
}
