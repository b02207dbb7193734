import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TDeliveryState, TStaffDelivery } from "@/lib/schemas/staff-deliveries";
import { deliveryInclude, toGameDelivery } from "./delivery-dto";

// What the staff deliveries area shows of a delivery: the game's view of it (the same payload a
// claim answers), its lease, where it comes from, and what staff may do with it.

export const NO_SUCH_DELIVERY = "No such delivery.";

export const staffDeliveryInclude = {
  ...deliveryInclude,
  storeOrder: { select: { priceCredits: true, product: { select: { name: true } } } },
  user: { select: { id: true, username: true } },
  resends: { select: { id: true, status: true }, orderBy: { id: "asc" } },
} satisfies Prisma.GameDeliveryInclude;

export type StaffDeliveryRow = Prisma.GameDeliveryGetPayload<{ include: typeof staffDeliveryInclude }>;

/** The lease ran out without an ack: claims take the row again, so it counts as not handed over. */
export function isLeaseOver(row: { status: string; leasedUntil: Date | null }, now = new Date()): boolean {
  return row.status === "LEASED" && (row.leasedUntil === null || row.leasedUntil < now);
}

export function toStaffDelivery(row: StaffDeliveryRow, now = new Date()): TStaffDelivery {
  const leaseExpired = isLeaseOver(row, now);
  const copyWaiting = row.resends.some((r) => r.status === "PENDING" || r.status === "LEASED");
  return {
    id: row.id,
    player: row.user,
    kind: toGameDelivery(row).kind,
    status: row.status.toLowerCase() as TDeliveryState,
    leasedUntil: row.leasedUntil?.toISOString() ?? null,
    leaseExpired,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    payload: toGameDelivery(row).payload,
    storeOrderId: row.storeOrderId,
    creditPurchaseId: row.creditPurchaseId,
    voteId: row.voteId,
    resentFromId: row.resentFromId,
    resentIds: row.resends.map((r) => r.id),
    refundCredits: row.storeOrder?.priceCredits ?? null,
    canCancel: row.status === "PENDING" || leaseExpired,
    canResend: row.status === "DELIVERED" && !copyWaiting,
  };
}
