import "server-only";
import type { DbClient } from "../../accounts/db-client";

export type RiskRow = {
  userId: number;
  payments: number;
  paidCents: number;
  refunds: number;
  refundedCents: number;
  disputes: number;
  disputesOpen: number;
  disputesWon: number;
  disputesLost: number;
};

/**
 * Each player's purchases summed in one pass over their rows (the (userId, createdAt) index): a
 * payment is a purchase that was paid, whatever happened later (PAID, REFUNDED, DISPUTED).
 */
export async function selectRiskRows(client: DbClient, userIds: number[]): Promise<RiskRow[]> {
  if (userIds.length === 0) return [];
  return client.$queryRaw<RiskRow[]>`
    SELECT "userId",
      count(*) FILTER (WHERE status IN ('PAID', 'REFUNDED', 'DISPUTED'))::int AS payments,
      COALESCE(sum("amountCents") FILTER (WHERE status IN ('PAID', 'REFUNDED', 'DISPUTED')), 0)::float8 AS "paidCents",
      count(*) FILTER (WHERE status = 'REFUNDED')::int AS refunds,
      COALESCE(sum("amountCents") FILTER (WHERE status = 'REFUNDED'), 0)::float8 AS "refundedCents",
      count(*) FILTER (WHERE "disputeOpenedAt" IS NOT NULL)::int AS disputes,
      count(*) FILTER (WHERE "disputeOpenedAt" IS NOT NULL AND "disputeClosedAt" IS NULL)::int AS "disputesOpen",
      count(*) FILTER (WHERE "disputeOutcome" = 'WON')::int AS "disputesWon",
      count(*) FILTER (WHERE "disputeOutcome" = 'LOST')::int AS "disputesLost"
    FROM credit_purchases
    WHERE "userId" = ANY(${userIds}::int[])
    GROUP BY "userId"`;
}
