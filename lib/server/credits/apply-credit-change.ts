import "server-only";
import type { LedgerKind } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import { AppError } from "../errors";
import { addToBalance, addToBalanceIfCovered, insertLedgerEntry, MAX_BALANCE, MIN_BALANCE, selectBalance, setEntryBalanceAfter } from "./sql/ledger";

export { MAX_BALANCE, MIN_BALANCE };

// The one write path for store credits (docs/payments.md): an append-only ledger entry and the
// cached balance on users, in the caller's transaction. The database decides the hard parts:
// the entry's idempotency key is unique (a redelivered event or retried request is applied
// once, even concurrently), and a spend is one conditional update (never below zero). Every
// change is also bounded by the balance column's range (MAX_BALANCE, MIN_BALANCE): a change
// that would pass it is refused with a 409 (BalanceLimitError) instead of failing in the
// database, so the player's later credits are not blocked by an error on every addition.

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

const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * A change refused because the balance would leave MIN_BALANCE..MAX_BALANCE (a 409). Its own
 * class so the payment settlement can tell it apart and record the event as not applied.
 */
export class BalanceLimitError extends AppError {
  constructor(balance: number, delta: number) {
    const after = balance + delta;
    super("CONFLICT", {
      userMessage:
        after > MAX_BALANCE
          ? `That would take the balance from ${fmt(balance)} to ${fmt(after)} credits; a balance holds at most ${fmt(MAX_BALANCE)}.`
          : `That would take the balance from ${fmt(balance)} to ${fmt(after)} credits; a balance goes no lower than ${fmt(MIN_BALANCE)}.`,
    });
    this.name = "BalanceLimitError";
  }
}

/** Applies one credit change inside `tx`; a repeat of the same key changes nothing. */
export async function applyCreditChange(tx: Tx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) throw new Error(`credit change must be a non-zero integer, got ${change.delta}`);
  // The entry first: a concurrent twin waits on the unique index, then finds it taken.
  const entryId = await insertLedgerEntry(tx, change);
  if (entryId === null) return { applied: false, reason: "duplicate" };

  const balanceAfter =
    change.mode === "spend" ? await addToBalanceIfCovered(tx, change.userId, change.delta) : await addToBalance(tx, change.userId, change.delta);
  // Throwing rolls the caller's transaction back, the ledger entry with it.
  if (balanceAfter === null) {
    const balance = await selectBalance(tx, change.userId);
    const after = balance === null ? null : balance + change.delta;
    if (balance !== null && after !== null && (after > MAX_BALANCE || after < MIN_BALANCE)) throw new BalanceLimitError(balance, change.delta);
    throw new AppError("VALIDATION", { userMessage: INSUFFICIENT_CREDITS, messageKey: "error" });
  }
  await setEntryBalanceAfter(tx, entryId, balanceAfter);
  return { applied: true, balanceAfter, entryId };
}
