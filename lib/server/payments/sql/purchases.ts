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
