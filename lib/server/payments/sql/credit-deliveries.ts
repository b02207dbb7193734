import "server-only";
import type { TDelivery } from "@/lib/schemas/delivery-payloads";
import type { Tx } from "../../db";

/** A purchase's in-game delivery, locked, with whether its lease (if any) has run out. */
export type LockedCreditDeliveryRow = { id: number; status: string; leaseOver: boolean };

/**
 * Queues the CREDIT_PACKAGE delivery of a purchase; creditPurchaseId is unique, so a repeat adds
 * nothing. `delivery` is deliveryPayload()'s answer (lib/schemas/delivery-payloads.ts).
 */
export async function insertCreditDelivery(tx: Tx, d: { userId: number; purchaseId: number; delivery: TDelivery<"CREDIT_PACKAGE"> }): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO game_deliveries ("userId", kind, payload, "creditPurchaseId")
    VALUES (${d.userId}, ${d.delivery.kind}::"DeliveryKind", ${JSON.stringify(d.delivery.payload)}::jsonb, ${d.purchaseId})
    ON CONFLICT ("creditPurchaseId") DO NOTHING`;
}

/** Locks the purchase's delivery until the transaction ends (a claim passes over it); null when it has none. */
export async function lockCreditDelivery(tx: Tx, purchaseId: number): Promise<LockedCreditDeliveryRow | null> {
  const rows = await tx.$queryRaw<LockedCreditDeliveryRow[]>`
    SELECT id, status::text AS status, ("leasedUntil" IS NULL OR "leasedUntil" < (now() AT TIME ZONE 'UTC')) AS "leaseOver"
    FROM game_deliveries WHERE "creditPurchaseId" = ${purchaseId} FOR UPDATE`;
  return rows[0] ?? null;
}

/**
 * Cancels the copies staff re-sent of a purchase's delivery (its chain, by root) that the game
 * has not been handed yet: pending, or leased with the lease run out. A copy leased right now is
 * left to its claim (the UPDATE waits for a claim holding it, then no longer matches). How many.
 */
export async function cancelWaitingCopies(tx: Tx, rootId: number): Promise<number> {
  return tx.$executeRaw`
    UPDATE game_deliveries SET status = 'CANCELED', "leasedUntil" = NULL
    WHERE "resendRootId" = ${rootId}
      AND (status = 'PENDING' OR (status = 'LEASED' AND ("leasedUntil" IS NULL OR "leasedUntil" < (now() AT TIME ZONE 'UTC'))))`;
}
