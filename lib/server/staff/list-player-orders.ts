import "server-only";
import { deliveryBlockedOf } from "../game/delivery-blocked";
import type { TOrderRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** A player's store orders, newest first, with the state of each one's game delivery. */
export async function listPlayerOrders(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TOrderRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.storeOrder.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      include: {
        product: { select: { name: true } },
        delivery: { select: { id: true, status: true, blockedReason: true, blockedMessage: true, blockedAt: true } },
      },
      ...pageWindow(page, pageSize),
    }),
    db.storeOrder.count({ where: { userId } }),
  ]);
  return {
    total,
    results: rows.map((o) => ({
      id: o.id,
      createdAt: o.createdAt.toISOString(),
      product: o.product.name,
      quantity: o.quantity,
      priceCredits: o.priceCredits,
      deliveryId: o.delivery?.id ?? null,
      deliveryStatus: o.delivery?.status ?? null,
      deliveryBlocked: o.delivery ? deliveryBlockedOf(o.delivery) : null,
    })),
  };
}
