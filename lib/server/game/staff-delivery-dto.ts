import "server-only";
import type { Prisma, Privilege } from "@/lib/generated/prisma/client";
import { staffRefusal } from "@/lib/privileges";
import type { TDeliveryState, TStaffDelivery } from "@/lib/schemas/staff-deliveries";
import { gameKindOf } from "@/lib/schemas/delivery-payloads";
import { deliveryBlockedOf } from "./delivery-blocked";
import { deliveryInclude, toGameDelivery } from "./delivery-dto";

// What the staff deliveries area shows of a delivery: the game's view of it (the same payload a
// claim answers), its lease, where it comes from, and what staff may do with it.

export const NO_SUCH_DELIVERY = "No such delivery.";

/** Copies of a chain the game has not acknowledged or been told to drop: pending or leased. */
const waitingInChain = {
  where: { status: { in: ["PENDING", "LEASED"] } },
  select: { id: true },
  orderBy: { id: "asc" },
} satisfies Prisma.GameDeliveryFindManyArgs;

export const staffDeliveryInclude = {
  ...deliveryInclude,
  // userId: the buyer, who a refund goes back to (a gift's delivery is the recipient's).
  storeOrder: { select: { priceCredits: true, userId: true, product: { select: { name: true } } } },
  creditPurchase: { select: { status: true } },
  user: { select: { id: true, username: true, privilege: true } },
  resends: { select: { id: true, status: true }, orderBy: { id: "asc" } },
  // The chain, read through its root: an original is its own root; a copy names it.
  resendChain: waitingInChain,
  resendRoot: { select: { id: true, creditPurchase: { select: { status: true } }, resendChain: waitingInChain } },
} satisfies Prisma.GameDeliveryInclude;

export type StaffDeliveryRow = Prisma.GameDeliveryGetPayload<{ include: typeof staffDeliveryInclude }>;

/**
 * Why this delivery cannot be re-sent now, or null when it can. The rule belongs to the chain,
 * not to the link asked about: copies carry no purchase link and copies of copies exist, so the
 * root's purchase and every copy of the root count. (A root with copies was delivered for good:
 * cancel, refunds and claims never move a delivered row, so only copies can still be waiting.)
 */
export function resendRefusal(row: StaffDeliveryRow): string | null {
  if (row.status !== "DELIVERED") return `Only a delivered item can be re-sent; this one is ${row.status.toLowerCase()}.`;
  const root = row.resendRoot ?? row;
  const waiting = root.resendChain[0];
  if (waiting) return `A re-sent copy (delivery #${waiting.id}) is still waiting for the game.`;
  // Credits whose payment was refunded, charged back or canceled are not sent again.
  if (root.creditPurchase && root.creditPurchase.status !== "PAID")
    return `The purchase behind it is ${root.creditPurchase.status.toLowerCase()}: it is not re-sent.`;
  return null;
}

/** The lease ran out without an ack: claims take the row again, so it counts as not handed over. */
export function isLeaseOver(row: { status: string; leasedUntil: Date | null }, now = new Date()): boolean {
  return row.status === "LEASED" && (row.leasedUntil === null || row.leasedUntil < now);
}

/** The member of staff the row is shown to: the staff rule decides whether they may act on its player. */
export type DeliveryViewer = { actorId: number; privilege: Privilege };

/** A payload that is not its kind's shape, as stored: its fields of plain values, for staff to see what is wrong. */
function storedFields(payload: Prisma.JsonValue): TStaffDelivery["payload"] {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return {};
  return Object.fromEntries(Object.entries(payload).filter((e): e is [string, string | number | boolean | null] => e[1] === null || typeof e[1] !== "object"));
}

export function toStaffDelivery(row: StaffDeliveryRow, viewer: DeliveryViewer, now = new Date()): TStaffDelivery {
  const game = toGameDelivery(row);
  const leaseExpired = isLeaseOver(row, now);
  const inReach = staffRefusal({ id: viewer.actorId, privilege: viewer.privilege }, row.user, "act") === null;
  return {
    id: row.id,
    player: { id: row.user.id, username: row.user.username },
    kind: gameKindOf(row.kind),
    status: row.status.toLowerCase() as TDeliveryState,
    leasedUntil: row.leasedUntil?.toISOString() ?? null,
    leaseExpired,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    blocked: deliveryBlockedOf(row),
    payload: game?.payload ?? storedFields(row.payload),
    storeOrderId: row.storeOrderId,
    creditPurchaseId: row.creditPurchaseId,
    voteId: row.voteId,
    resentFromId: row.resentFromId,
    resendRootId: row.resendRootId,
    resentIds: row.resends.map((r) => r.id),
    refundCredits: row.storeOrder?.priceCredits ?? null,
    canCancel: inReach && (row.status === "PENDING" || leaseExpired),
    canResend: inReach && resendRefusal(row) === null,
  };
}
