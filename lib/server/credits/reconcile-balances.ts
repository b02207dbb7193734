import "server-only";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";

export type BalanceMismatch = { userId: number; username: string; storeCredits: number; ledgerSum: number };

/** Every user whose cached balance differs from the sum of their ledger (should be none). */
export async function findBalanceMismatches(client: DbClient = db): Promise<BalanceMismatch[]> {
  const rows = await client.$queryRaw<{ userId: number; username: string; storeCredits: number; ledgerSum: bigint }[]>`
    SELECT u.id AS "userId", u.username, u."storeCredits", COALESCE(l.total, 0) AS "ledgerSum"
    FROM users u
    LEFT JOIN (SELECT "userId", SUM(delta) AS total FROM credit_ledger GROUP BY "userId") l ON l."userId" = u.id
    WHERE u."storeCredits" <> COALESCE(l.total, 0)
    ORDER BY u.id`;
  return rows.map((r) => ({ ...r, ledgerSum: Number(r.ledgerSum) }));
}
