import "server-only";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import { expirePendingOlderThan } from "./sql/purchases";

// The expire-checkouts job (docs/jobs.md): a checkout left unpaid for CHECKOUT_EXPIRY_MINUTES is
// closed as EXPIRED. Nothing was charged for it; should the provider still report a payment for
// it later, settle.ts honours it (the money was taken), so closing one can never lose a payment.

export async function expireCheckouts(): Promise<number[]> {
  const ids = await db.$transaction((tx) => expirePendingOlderThan(tx, getEnv().CHECKOUT_EXPIRY_MINUTES));
  if (ids.length > 0) log.info("payments.checkouts_expired", { count: ids.length, purchaseIds: ids.slice(0, 50) });
  return ids;
}
