import "server-only";
import type { db, Tx } from "../../db";

// Creator shares (docs/store.md, "Creator codes"): each code's totals in one pass, and the payout's
// two conditional updates (they re-check each share's status under its row lock, so a refund
// settling at the same moment either cancels the share first or finds it paid and reverses it).

type Reader = Tx | typeof db;

export type CreatorTotalsRow = {
  creator_code_id: number;
  uses: number;
  revenue_cents: number;
  pending_cents: number;
  payable_cents: number;
  paid_cents: number;
  reversed_cents: number;
};

/**
 * Per code: uses (shares, one per paid purchase), revenue (what still-PAID purchases paid), shares
 * pending (accrued, in their hold or their payment disputed), payable, paid, and reversed not yet
 * subtracted from a payout.
 */
export function creatorTotals(reader: Reader, codeIds: readonly number[], now: Date): Promise<CreatorTotalsRow[]> {
  if (codeIds.length === 0) return Promise.resolve([]);
  return reader.$queryRaw<CreatorTotalsRow[]>`
    SELECT s."creatorCodeId" AS creator_code_id,
      count(*)::int AS uses,
      coalesce(sum(s."paidCents") FILTER (WHERE p.status = 'PAID'), 0)::int AS revenue_cents,
      coalesce(sum(s."amountCents") FILTER (WHERE s.status = 'ACCRUED' AND (s."payableAt" > ${now} OR p.status <> 'PAID')), 0)::int AS pending_cents,
      coalesce(sum(s."amountCents") FILTER (WHERE s.status = 'ACCRUED' AND s."payableAt" <= ${now} AND p.status = 'PAID'), 0)::int AS payable_cents,
      coalesce(sum(s."amountCents") FILTER (WHERE s.status IN ('PAID', 'REVERSED')), 0)::int AS paid_cents,
      coalesce(sum(s."amountCents") FILTER (WHERE s.status = 'REVERSED' AND s."deductedPayoutId" IS NULL), 0)::int AS reversed_cents
    FROM creator_shares s JOIN credit_purchases p ON p.id = s."creditPurchaseId"
    WHERE s."creatorCodeId" = ANY(${codeIds as number[]}::int[])
    GROUP BY s."creatorCodeId"`;
}

/** Marks the code's payable shares paid by this payout; answers each share's amount. */
export function markPayableSharesPaid(tx: Tx, codeId: number, payoutId: number, now: Date): Promise<{ amount_cents: number }[]> {
  return tx.$queryRaw<{ amount_cents: number }[]>`
    UPDATE creator_shares s SET status = 'PAID', "payoutId" = ${payoutId}
    FROM credit_purchases p
    WHERE p.id = s."creditPurchaseId" AND s."creatorCodeId" = ${codeId} AND s.status = 'ACCRUED'
      AND s."payableAt" <= ${now} AND p.status = 'PAID'
    RETURNING s."amountCents" AS amount_cents`;
}

/** Subtracts the code's reversed shares not subtracted yet from this payout; answers their amounts. */
export function deductReversedShares(tx: Tx, codeId: number, payoutId: number): Promise<{ amount_cents: number }[]> {
  return tx.$queryRaw<{ amount_cents: number }[]>`
    UPDATE creator_shares SET "deductedPayoutId" = ${payoutId}
    WHERE "creatorCodeId" = ${codeId} AND status = 'REVERSED' AND "deductedPayoutId" IS NULL
    RETURNING "amountCents" AS amount_cents`;
}
