import "server-only";
import { deliveryOf } from "@/lib/schemas/delivery-payloads";
import { deliveryBlockedOf } from "../game/delivery-blocked";
import type { TDeliveryRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** What the game owes or handed to a player (store items, credits bought in game, vote rewards), newest first. */
export async function listPlayerDeliveries(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TDeliveryRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const now = Date.now();
  const [rows, total] = await Promise.all([
    db.gameDelivery.findMany({ where: { userId }, orderBy: { id: "desc" }, ...pageWindow(page, pageSize) }),
    db.gameDelivery.count({ where: { userId } }),
  ]);
  return {
    total,
    results: rows.map((d) => ({
      id: d.id,
      createdAt: d.createdAt.toISOString(),
      kind: d.kind,
      status: d.status,
      leasedUntil: d.leasedUntil?.toISOString() ?? null,
      leaseExpired: d.status === "LEASED" && d.leasedUntil !== null && d.leasedUntil.getTime() <= now,
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
      blocked: deliveryBlockedOf(d),
      attempts: d.attempts,
      // As stored, in today's spelling where an older row used another (lib/schemas/delivery-payloads.ts).
      payload: deliveryOf(d.kind, d.payload)?.payload ?? d.payload,
      storeOrderId: d.storeOrderId,
      creditPurchaseId: d.creditPurchaseId,
      voteId: d.voteId,
    })),
  };
}
