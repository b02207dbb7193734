import "server-only";
import type { Tx } from "../../db";

/** The card a redemption won: its id and value. */
export type WonCardRow = { id: number; credits: number };

/**
 * Marks the card with this code hash REDEEMED by `userId` if it is ACTIVE and not expired at `now`,
 * in one statement: concurrent attempts wait on the row lock and then find it no longer ACTIVE.
 * Null when nothing was redeemed (unknown, expired, voided or already redeemed).
 */
export async function claimGiftCard(tx: Tx, codeHash: string, userId: number, now: Date): Promise<WonCardRow | null> {
  const rows = await tx.$queryRaw<WonCardRow[]>`
    UPDATE gift_cards SET status = 'REDEEMED', "redeemedById" = ${userId}, "redeemedAt" = ${now}, "buyerCode" = NULL
    WHERE "codeHash" = ${codeHash} AND status = 'ACTIVE' AND ("expiresAt" IS NULL OR "expiresAt" > ${now})
    RETURNING id, credits`;
  return rows[0] ?? null;
}

/** Locks a card by id for this transaction; false when there is none. */
export async function lockGiftCard(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM gift_cards WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/** Locks the card a purchase paid for; its id, or null when the purchase has none. */
export async function lockPurchaseGiftCard(tx: Tx, creditPurchaseId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM gift_cards WHERE "creditPurchaseId" = ${creditPurchaseId} FOR UPDATE`;
  return rows[0]?.id ?? null;
}
