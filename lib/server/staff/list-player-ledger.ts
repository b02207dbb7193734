import "server-only";
import type { TLedgerRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** Every credit ledger entry of a player, newest first, with the balance after each and who made an adjustment. */
export async function listPlayerLedger(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TLedgerRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: "desc" }, ...pageWindow(page, pageSize) }),
    db.creditLedgerEntry.count({ where: { userId } }),
  ]);
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is number => id !== null))];
  const actors = actorIds.length ? await db.user.findMany({ where: { id: { in: actorIds } }, select: { id: true, username: true } }) : [];
  const name = new Map(actors.map((a) => [a.id, a.username]));
  return {
    total,
    results: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      kind: r.kind,
      delta: r.delta,
      balanceAfter: r.balanceAfter,
      note: r.note,
      actor: r.actorId === null ? null : (name.get(r.actorId) ?? `#${r.actorId}`),
      creditPurchaseId: r.creditPurchaseId,
      storeOrderId: r.storeOrderId,
    })),
  };
}
