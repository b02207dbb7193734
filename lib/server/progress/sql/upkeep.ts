import "server-only";
import type { Db, Tx } from "../../db";

// Cursors and refresh times of the progress jobs (hiscore_upkeep: one row per name).

export async function selectUpkeep(db: Db | Tx, name: string): Promise<{ at: Date; from: Date | null } | null> {
  const row = await db.hiscoreUpkeep.findUnique({ where: { name } });
  return row ? { at: row.at, from: row.fromAt } : null;
}

export async function setUpkeep(tx: Tx, name: string, at: Date, from: Date | null): Promise<void> {
  await tx.hiscoreUpkeep.upsert({ where: { name }, create: { name, at, fromAt: from }, update: { at, fromAt: from } });
}
