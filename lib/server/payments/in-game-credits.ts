import "server-only";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import type { Tx } from "../db";
import { cancelWaitingCopies, insertCreditDelivery, lockCreditDelivery } from "./sql/credit-deliveries";

// Credit packages bought through ::store (CreditPurchase.deliverInGame): the credits are handed
// over in game by the NPC at home, as one CREDIT_PACKAGE delivery, instead of going to the
// site balance. Called by settle.ts inside its transaction, with the purchase row locked.

/** Queues the purchase's one delivery; creditPurchaseId is unique, so a repeat adds nothing. */
export async function queueCreditDelivery(tx: Tx, p: CreditPurchase): Promise<void> {
  const delivery = deliveryPayload("CREDIT_PACKAGE", { credits: p.credits, bonusCredits: p.bonusCredits });
  await insertCreditDelivery(tx, { userId: p.userId, purchaseId: p.id, delivery });
}

/**
 * What a refund or lost dispute does to the purchase's delivery. One the game has not been
 * handed yet (pending, or its lease ran out unacknowledged) is canceled: ack and claim then
 * refuse it. One the game granted or may be granting now (a live lease) cannot be undone here,
 * so the caller takes the credits back from the site balance instead; copies of it staff
 * re-sent that the game has not been handed yet are canceled, as their purchase is gone.
 */
export async function withdrawCreditDelivery(tx: Tx, purchaseId: number): Promise<"none" | "canceled" | "already-canceled" | "granted"> {
  // Locked: a claim passes over it (SKIP LOCKED) and an ack waits, then sees the outcome.
  const d = await lockCreditDelivery(tx, purchaseId);
  if (!d) return "none";
  if (d.status === "CANCELED") return "already-canceled";
  if (d.status === "PENDING" || (d.status === "LEASED" && d.leaseOver)) {
    await tx.gameDelivery.update({ where: { id: d.id }, data: { status: "CANCELED", leasedUntil: null } });
    return "canceled";
  }
  // Under the delivery's row lock, the one a re-send of its chain takes: a re-send that saw the
  // purchase paid has committed its copy by now, and one after this commit sees it refunded.
  await cancelWaitingCopies(tx, d.id);
  return "granted";
}

/** A dispute won after the delivery was canceled: it goes back in the queue. */
export async function restoreCreditDelivery(tx: Tx, purchaseId: number): Promise<void> {
  await tx.gameDelivery.updateMany({
    where: { creditPurchaseId: purchaseId, status: "CANCELED" },
    data: { status: "PENDING", leaseId: null, leasedUntil: null },
  });
}
