import "server-only";
import type { DbClient } from "../../accounts/db-client";

/** A user whose cached balance and ledger sum differ (the sum as PostgreSQL's SUM answers it). */
export type BalanceMismatchRow = { userId: number; username: string; storeCredits: number; ledgerSum: bigint };

/** Every user whose storeCredits differs from the sum of their ledger entries, by id. */
export async function selectBalanceMismatches(client: DbClient): Promise<BalanceMismatchRow[]> {
  return client.$queryRaw<BalanceMismatchRow[]>`
    SELECT u.id AS "userId", u.username, u."storeCredits", COALESCE(l.total, 0) AS "ledgerSum"
    FROM users u
    LEFT JOIN (SELECT "userId", SUM(delta) AS total FROM credit_ledger GROUP BY "userId") l ON l."userId" = u.id
    WHERE u."storeCredits" <> COALESCE(l.total, 0)
    ORDER BY u.id`;
}
