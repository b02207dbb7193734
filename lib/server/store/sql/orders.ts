import "server-only";
import type { Tx } from "../../db";

/** Creates a one-item order (a gift names its recipient) unless the user already used this idempotency key; its id, or null when taken. */
export async function insertStoreOrder(
  tx: Tx,
  o: { userId: number; productId: number; priceCredits: number; idempotencyKey: string; recipientId?: number | null },
): Promise<number | null> {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO store_orders ("userId", "productId", "priceCredits", quantity, "idempotencyKey", "recipientId")
    VALUES (${o.userId}, ${o.productId}, ${o.priceCredits}, 1, ${o.idempotencyKey}, ${o.recipientId ?? null})
    ON CONFLICT ("userId", "idempotencyKey") DO NOTHING
    RETURNING id`;
  return inserted[0]?.id ?? null;
}
