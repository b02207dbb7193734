import "server-only";
import type { Privilege } from "@/lib/generated/prisma/client";
import type { TCancelResult } from "@/lib/schemas/staff-deliveries";
import { assertStaffReach } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { applyCreditChange } from "../credits/apply-credit-change";
import { db } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { lockDeliveryLeaseState } from "./sql/delivery-leases";
import { NO_SUCH_DELIVERY, staffDeliveryInclude, toStaffDelivery } from "./staff-delivery-dto";

// POST /staff/deliveries/{id}/cancel: a delivery the game has not been handed is
// canceled; a store item bought with credits gives them back (a REFUND ledger entry with the
// key order:<id>:refund, so at most once). Claims and acks refuse a canceled row. The money
// follows the order, the item the delivery: a gift's delivery is the recipient's, and its refund
// goes to the buyer, the order's user (docs/store.md "Gifting").
//
// Against a claim, one wins: the row is locked here (FOR UPDATE). A claim that leased it first
// makes this wait, and then its live lease refuses the cancel; a cancel that locked it first
// makes the claim pass over it (the claim's SKIP LOCKED), and afterwards it is canceled.

export async function cancelDelivery(id: number, reason: string, ctx: { actorId: number; privilege: Privilege; ip: string | null }): Promise<TCancelResult> {
  return db.$transaction(async (tx) => {
    const row = await lockDeliveryLeaseState(tx, id);
    if (!row) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_DELIVERY });
    const before = await tx.gameDelivery.findUniqueOrThrow({ where: { id }, include: staffDeliveryInclude });
    // The staff rule: nobody cancels their own deliveries, or those of a rank at or above their own.
    assertStaffReach(ctx, before.user, "act", "cancel a delivery of");
    if (row.status === "CANCELED") return { outcome: "already-canceled", delivery: toStaffDelivery(before, ctx), refundedCredits: 0 };
    if (row.status === "DELIVERED")
      throw new AppError("CONFLICT", { userMessage: "It was delivered: the game acknowledged it. Re-send it instead if it never arrived." });
    if (row.status === "LEASED" && !row.leaseOver)
      throw new AppError("CONFLICT", { userMessage: "The game is handing it over right now (it is leased). Try again once the lease has ended." });

    // Whose credits move: the order's buyer; a delivery without an order refunds nothing.
    const payerId = before.storeOrder?.userId ?? before.userId;
    const { storeCredits: balanceBefore } = await tx.user.findUniqueOrThrow({ where: { id: payerId }, select: { storeCredits: true } });
    await tx.gameDelivery.update({ where: { id }, data: { status: "CANCELED", leasedUntil: null } });
    let refundedCredits = 0;
    let ledgerEntryId: number | null = null;
    if (before.storeOrderId !== null && before.storeOrder) {
      const refund = await applyCreditChange(tx, {
        userId: before.storeOrder.userId,
        delta: before.storeOrder.priceCredits,
        kind: "REFUND",
        idempotencyKey: `order:${before.storeOrderId}:refund`,
        mode: "force",
        storeOrderId: before.storeOrderId,
        actorId: ctx.actorId,
        note: `Delivery #${id} canceled: ${reason}`.slice(0, 500),
      });
      if (refund.applied) {
        refundedCredits = before.storeOrder.priceCredits;
        ledgerEntryId = refund.entryId;
      }
    }
    const after = await tx.gameDelivery.findUniqueOrThrow({ where: { id }, include: staffDeliveryInclude });
    const { storeCredits: balanceAfter } = await tx.user.findUniqueOrThrow({ where: { id: payerId }, select: { storeCredits: true } });
    await recordAudit(
      {
        action: "deliveries.canceled",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "game_delivery",
        targetId: id,
        data: {
          reason,
          before: {
            id,
            userId: before.userId,
            status: before.status,
            leasedUntil: before.leasedUntil?.toISOString() ?? null,
            payerId,
            storeCredits: balanceBefore,
          },
          after: { id, userId: before.userId, status: after.status, payerId, storeCredits: balanceAfter, refundedCredits, ledgerEntryId },
        },
      },
      tx,
    );
    log.info("deliveries.canceled", { deliveryId: id, userId: before.userId, payerId, refundedCredits, actorId: ctx.actorId });
    return { outcome: "canceled", delivery: toStaffDelivery(after, ctx), refundedCredits };
  });
}
