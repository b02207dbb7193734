import "server-only";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { selectBalanceMismatches } from "./sql/balance-mismatches";

export type BalanceMismatch = { userId: number; username: string; storeCredits: number; ledgerSum: number };

/** Every user whose cached balance differs from the sum of their ledger (should be none). */
export async function findBalanceMismatches(client: DbClient = db): Promise<BalanceMismatch[]> {
  const rows = await selectBalanceMismatches(client);
  return rows.map((r) => ({ ...r, ledgerSum: Number(r.ledgerSum) }));
}
