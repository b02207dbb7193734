import "server-only";
import type { DeliveryKind, Privilege } from "@/lib/generated/prisma/client";
import { deliveryPayload, type TDelivery } from "@/lib/schemas/delivery-payloads";
import type { TResendResult } from "@/lib/schemas/staff-deliveries";
import { assertStaffReach } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { lockRowById } from "../sql/locks";
import { readDelivery } from "./delivery-dto";
import { NO_SUCH_DELIVERY, resendRefusal, type StaffDeliveryRow, staffDeliveryInclude, toStaffDelivery } from "./staff-delivery-dto";

// POST /staff/deliveries/{id}/resend: a delivered item the player says never arrived
// is queued again as a NEW delivery pointing at the one re-sent (resentFromId) and at the first
// delivery of its chain (resendRootId). The game claims it like any other, so it is handed out
// once. The copy carries no storeOrderId, creditPurchaseId or voteId (each unique to its
// original): what the game shows comes along in its payload, and the root keeps the links.
// The copy's payload is the original's as read (an older row's spelling in today's shape) and
// is made by deliveryPayload() like every other delivery's.
//
// A copy can be re-sent in turn, so the rule is the chain's, read through the root
// (resendRefusal): no copy of the chain still waiting, and the purchase behind it still paid.
// The root row is locked first, one lock per chain: re-sends of any links of one chain at once
// make one copy; the others wait, then find that copy waiting and are refused.

export async function resendDelivery(id: number, reason: string, ctx: { actorId: number; privilege: Privilege; ip: string | null }): Promise<TResendResult> {
  return db.$transaction(async (tx) => {
    // resendRootId never changes once a row exists, so it is read before the lock.
    const link = await tx.gameDelivery.findUnique({ where: { id }, select: { resendRootId: true } });
    if (!link) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_DELIVERY });
    const rootId = link.resendRootId ?? id;
    await lockRowById(tx, "gameDelivery", rootId);
    const original = await tx.gameDelivery.findUniqueOrThrow({ where: { id }, include: staffDeliveryInclude });
    // The staff rule: nobody re-sends to themselves, or to a rank at or above their own.
    assertStaffReach(ctx, original.user, "act", "re-send a delivery of");

    const refusal = resendRefusal(original);
    if (refusal) throw new AppError("CONFLICT", { userMessage: refusal });
    const delivery = selfContained(original);

    const copy = await tx.gameDelivery.create({
      data: { userId: original.userId, ...delivery, resentFromId: original.id, resendRootId: rootId },
      include: staffDeliveryInclude,
    });
    const after = await tx.gameDelivery.findUniqueOrThrow({ where: { id }, include: staffDeliveryInclude });
    await recordAudit(
      {
        action: "deliveries.resent",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "game_delivery",
        targetId: original.id,
        data: {
          reason,
          before: { id: original.id, userId: original.userId, status: original.status, resentIds: original.resends.map((r) => r.id) },
          after: {
            id: original.id,
            userId: original.userId,
            status: after.status,
            resentIds: after.resends.map((r) => r.id),
            copy: { id: copy.id, resendRootId: rootId, status: copy.status, kind: copy.kind, payload: copy.payload },
          },
        },
      },
      tx,
    );
    log.info("deliveries.resent", { deliveryId: original.id, copyId: copy.id, userId: original.userId, actorId: ctx.actorId });
    const now = new Date();
    return { delivery: toStaffDelivery(copy, ctx, now), original: toStaffDelivery(after, ctx, now) };
  });
}

export const UNREADABLE_PAYLOAD = "Its payload is not the shape of its kind, so a copy cannot be made: cancel it and refund, or fix the row.";

/** The original's delivery plus what the game otherwise reads through its links (product name, vote site). */
function selfContained(row: StaffDeliveryRow): TDelivery<DeliveryKind> {
  const d = readDelivery(row);
  switch (d?.kind) {
    case "STORE_ITEM":
      return deliveryPayload("STORE_ITEM", d.payload);
    case "CREDIT_PACKAGE":
      return deliveryPayload("CREDIT_PACKAGE", d.payload);
    case "VOTE_REWARD":
      // A vote reward without a site (neither its vote nor its payload names one) is not copied.
      if (d.payload.site !== undefined) return deliveryPayload("VOTE_REWARD", { points: d.payload.points, site: d.payload.site });
      break;
    case "COMPETITION_PRIZE":
      // The copy carries no competitionId (one prize per competition and player): its payload names the competition.
      return deliveryPayload("COMPETITION_PRIZE", d.payload);
    case "VOTE_STREAK_REWARD":
      return deliveryPayload("VOTE_STREAK_REWARD", d.payload);
    case "VOTE_MONTHLY_PRIZE":
      // The copy is not linked to the month's winner row (one prize per month and place): its payload names both.
      return deliveryPayload("VOTE_MONTHLY_PRIZE", d.payload);
  }
  throw new AppError("CONFLICT", { userMessage: UNREADABLE_PAYLOAD });
}
