import "server-only";
import type { LedgerKind } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { AppError } from "../errors";
import { addToBalance, addToBalanceIfCovered, insertLedgerEntry, setEntryBalanceAfter } from "./sql/ledger";

// The one write path for store credits (DESIGN.md §5): an append-only ledger entry and the
// cached balance on users, in the caller's transaction. The database decides the hard parts:
// the entry's idempotency key is unique (a redelivered event or retried request is applied
// once, even concurrently), and a spend is one conditional update (never below zero).

export type CreditChange = {
  userId: number;
  /** Positive to add credits, negative to take them. */
  delta: number;
  kind: LedgerKind;
  /** What caused the change, once: "stripe:evt_…", "order:42", "grant:<uuid>". */
  idempotencyKey: string;
  /**
   * "spend": refused unless the balance covers it (a negative balance freezes spending).
   * "force": applied whatever the balance, e.g. a refund clawing back credits already spent.
   */
  mode: "spend" | "force";
  creditPurchaseId?: number;
  storeOrderId?: number;
  actorId?: number;
  note?: string;
};

export type CreditChangeResult = { applied: true; balanceAfter: number; entryId: number } | { applied: false; reason: "duplicate" };

export const INSUFFICIENT_CREDITS = "You do not have enough credits to purchase this product.";

/** Applies one credit change inside `tx`; a repeat of the same key changes nothing. */
export async function applyCreditChange(tx: Tx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) throw new Error(`credit change must be a non-zero integer, got ${change.delta}`);
  // The entry first: a concurrent twin waits on the unique index, then finds it taken.
  const entryId = await insertLedgerEntry(tx, change);
  if (entryId === null) return { applied: false, reason: "duplicate" };

  const balanceAfter = change.mode === "spend" ? await addToBalanceIfCovered(tx, change.userId, change.delta) : await addToBalance(tx, change.userId, change.delta);
  // Throwing rolls the caller's transaction back, the ledger entry with it.
  if (balanceAfter === null) throw new AppError("VALIDATION", { userMessage: INSUFFICIENT_CREDITS, messageKey: "error" });
  await setEntryBalanceAfter(tx, entryId, balanceAfter);
  return { applied: true, balanceAfter, entryId };
}
