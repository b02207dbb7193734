import "server-only";
import type { LedgerKind } from "@/lib/generated/prisma/client";
import type { Tx } from "../../db";

/** A ledger entry as applyCreditChange writes it (its balanceAfter is set once the balance moved). */
export type LedgerEntryInsert = {
  userId: number;
  delta: number;
  kind: LedgerKind;
  idempotencyKey: string;
  creditPurchaseId?: number;
  storeOrderId?: number;
  actorId?: number;
  note?: string;
};

/** Appends the entry unless its idempotency key is taken; its id, or null for a duplicate. */
export async function insertLedgerEntry(tx: Tx, change: LedgerEntryInsert): Promise<number | null> {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO credit_ledger ("userId", delta, "balanceAfter", kind, "creditPurchaseId", "storeOrderId", "actorId", note, "idempotencyKey")
    VALUES (${change.userId}, ${change.delta}, 0, ${change.kind}::"LedgerKind", ${change.creditPurchaseId ?? null}, ${change.storeOrderId ?? null},
            ${change.actorId ?? null}, ${change.note ?? null}, ${change.idempotencyKey})
    ON CONFLICT ("idempotencyKey") DO NOTHING
    RETURNING id`;
  return inserted[0]?.id ?? null;
}

/** Adds `delta` to the user's balance only if it stays at or above zero; the new balance, or null. */
export async function addToBalanceIfCovered(tx: Tx, userId: number, delta: number): Promise<number | null> {
  const updated = await tx.$queryRaw<{ storeCredits: number }[]>`
          UPDATE users SET "storeCredits" = "storeCredits" + ${delta}, "updatedAt" = now()
          WHERE id = ${userId} AND "storeCredits" + ${delta} >= 0
          RETURNING "storeCredits"`;
  return updated[0]?.storeCredits ?? null;
}

/** Adds `delta` to the user's balance whatever it is; the new balance, or null for no such user. */
export async function addToBalance(tx: Tx, userId: number, delta: number): Promise<number | null> {
  const updated = await tx.$queryRaw<{ storeCredits: number }[]>`
          UPDATE users SET "storeCredits" = "storeCredits" + ${delta}, "updatedAt" = now()
          WHERE id = ${userId}
          RETURNING "storeCredits"`;
  return updated[0]?.storeCredits ?? null;
}

/** Records the balance the entry left behind. */
export async function setEntryBalanceAfter(tx: Tx, entryId: number, balanceAfter: number): Promise<void> {
  await tx.$executeRaw`UPDATE credit_ledger SET "balanceAfter" = ${balanceAfter} WHERE id = ${entryId}`;
}
