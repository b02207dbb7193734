import "server-only";
import type { PaymentMethod } from "@/lib/generated/prisma/enums";
import type { Tx } from "../../db";

/** Locks the purchase with this id made with this method; its id, or null when there is none. */
export async function lockPurchaseById(tx: Tx, id: number, method: PaymentMethod): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM credit_purchases WHERE id = ${id} AND method = ${method}::"PaymentMethod" FOR UPDATE`;
  return rows[0]?.id ?? null;
}

/** Locks the purchase with this provider reference made with this method; its id, or null when there is none. */
export async function lockPurchaseByProviderRef(tx: Tx, providerRef: string, method: PaymentMethod): Promise<number | null> {
  const rows = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM credit_purchases WHERE "providerRef" = ${providerRef} AND method = ${method}::"PaymentMethod" FOR UPDATE`;
  return rows[0]?.id ?? null;
}

/** Locks the user's own purchase with this id; its id, or null when there is none (or it is someone else's). */
export async function lockOwnPurchase(tx: Tx, id: number, userId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM credit_purchases WHERE id = ${id} AND "userId" = ${userId} FOR UPDATE`;
  return rows[0]?.id ?? null;
}

/**
 * Closes every checkout still PENDING that was opened more than `minutes` ago: EXPIRED, its provider
 * session dropped; the ids closed. One conditional UPDATE: a settlement holding a row's lock
 * makes it wait, and a row paid meanwhile no longer matches.
 */
export async function expirePendingOlderThan(tx: Tx, minutes: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    UPDATE credit_purchases
    SET status = 'EXPIRED', "closedAt" = (now() AT TIME ZONE 'UTC'), "checkoutAnswer" = NULL, "updatedAt" = (now() AT TIME ZONE 'UTC')
    WHERE status = 'PENDING' AND "createdAt" < (now() AT TIME ZONE 'UTC') - make_interval(mins => ${minutes})
    RETURNING id`;
  return rows.map((r) => r.id);
}
