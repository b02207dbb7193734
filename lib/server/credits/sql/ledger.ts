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

/** The most a balance can hold: the largest value of its column (PostgreSQL's integer). */
export const MAX_BALANCE = 2_147_483_647;
/** The lowest a forced claw-back can take a balance: the smallest value of the column. */
export const MIN_BALANCE = -2_147_483_648;

// The sums below are taken in bigint: in the column's own type a sum past its range is an
// error ("integer out of range"), not a false condition.

/**
 * Adds `delta` to the user's balance only if it stays at or above zero and at most MAX_BALANCE;
 * the new balance, or null.
 */
export async function addToBalanceIfCovered(tx: Tx, userId: number, delta: number): Promise<number | null> {
  const updated = await tx.$queryRaw<{ storeCredits: number }[]>`
          UPDATE users SET "storeCredits" = "storeCredits" + ${delta}, "updatedAt" = now()
          WHERE id = ${userId} AND "storeCredits"::bigint + ${delta}::bigint BETWEEN 0 AND ${MAX_BALANCE}
          RETURNING "storeCredits"`;
  return updated[0]?.storeCredits ?? null;
}

/**
 * Adds `delta` to the user's balance whatever it is, as long as it stays within
 * MIN_BALANCE..MAX_BALANCE; the new balance, or null (no such user, or out of range).
 */
export async function addToBalance(tx: Tx, userId: number, delta: number): Promise<number | null> {
  const updated = await tx.$queryRaw<{ storeCredits: number }[]>`
          UPDATE users SET "storeCredits" = "storeCredits" + ${delta}, "updatedAt" = now()
          WHERE id = ${userId} AND "storeCredits"::bigint + ${delta}::bigint BETWEEN ${MIN_BALANCE} AND ${MAX_BALANCE}
          RETURNING "storeCredits"`;
  return updated[0]?.storeCredits ?? null;
}

/** The user's balance now (read after a refused update, to say why it was refused). */
export async function selectBalance(tx: Tx, userId: number): Promise<number | null> {
  const rows = await tx.$queryRaw<{ storeCredits: number }[]>`SELECT "storeCredits" FROM users WHERE id = ${userId}`;
  return rows[0]?.storeCredits ?? null;
}

/** Records the balance the entry left behind. */
export async function setEntryBalanceAfter(tx: Tx, entryId: number, balanceAfter: number): Promise<void> {
  await tx.$executeRaw`UPDATE credit_ledger SET "balanceAfter" = ${balanceAfter} WHERE id = ${entryId}`;
}
