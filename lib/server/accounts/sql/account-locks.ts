import "server-only";
import type { Tx } from "../../db";

/** Locks the account named (by its folded username key) until the transaction ends; its id, or null. */
export async function lockAccountByKey(tx: Tx, usernameKey: string): Promise<number | null> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE "usernameKey" = ${usernameKey} FOR UPDATE`;
  return rows[0]?.id ?? null;
}
