import "server-only";
import type { Tx } from "../../db";
import type { db } from "../../db";

type Reader = Tx | typeof db;

/** Locks the coupon with this (normalised) code for the rest of the transaction; its id, or null. */
export async function lockCouponByCode(tx: Reader, code: string): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM coupons WHERE code = ${code} FOR UPDATE`;
  return rows[0]?.id ?? null;
}

export type RedemptionCountRow = { used: number; by_player: number };

/**
 * Live uses of a coupon, in total and by one player (-1: nobody): every store order that used it,
 * and every checkout not FAILED, CANCELED or EXPIRED (a checkout closed unpaid frees its use).
 */
export async function countLiveRedemptions(reader: Reader, couponId: number, userId: number | null): Promise<RedemptionCountRow> {
  const rows = await reader.$queryRaw<RedemptionCountRow[]>`
    SELECT count(*)::int AS used, count(*) FILTER (WHERE r."userId" = ${userId ?? -1})::int AS by_player
    FROM coupon_redemptions r
    LEFT JOIN credit_purchases p ON p.id = r."creditPurchaseId"
    WHERE r."couponId" = ${couponId}
      AND (r."storeOrderId" IS NOT NULL OR p.status NOT IN ('FAILED', 'CANCELED', 'EXPIRED'))`;
  return rows[0] ?? { used: 0, by_player: 0 };
}
