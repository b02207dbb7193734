import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TResendResult } from "@/lib/schemas/staff-deliveries";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { lockRowById } from "../sql/locks";
import { NO_SUCH_DELIVERY, staffDeliveryInclude, toStaffDelivery } from "./staff-delivery-dto";

// POST /staff/deliveries/{id}/resend (issue 18): a delivered item the player says never arrived
// is queued again as a NEW delivery pointing at the original (resentFromId). The game claims it
// like any other, so it is handed out once. The copy carries no storeOrderId, creditPurchaseId
// or voteId (each unique to its original): what the game shows comes along in its payload.
//
// The original row is locked first, so two re-sends of one item at once make one copy: the
// second waits, then finds the first copy still waiting and is refused.

export async function resendDelivery(id: number, reason: string, ctx: { actorId: number; ip: string | null }): Promise<TResendResult> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "gameDelivery", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_DELIVERY });
    const original = await tx.gameDelivery.findUniqueOrThrow({ where: { id }, include: { ...staffDeliveryInclude, creditPurchase: { select: { status: true } } } });
    if (original.status !== "DELIVERED")
      throw new AppError("CONFLICT", { userMessage: `Only a delivered item can be re-sent; this one is ${original.status.toLowerCase()}.` });
    const waiting = original.resends.find((r) => r.status === "PENDING" || r.status === "LEASED");
    if (waiting) throw new AppError("CONFLICT", { userMessage: `A re-sent copy (delivery #${waiting.id}) is still waiting for the game.` });
    // Credits whose payment was refunded or charged back are not sent again.
    if (original.creditPurchase && original.creditPurchase.status !== "PAID")
      throw new AppError("CONFLICT", { userMessage: `The purchase behind it is ${original.creditPurchase.status.toLowerCase()}: it is not re-sent.` });

    const copy = await tx.gameDelivery.create({
      data: { userId: original.userId, kind: original.kind, payload: selfContainedPayload(original), resentFromId: original.id },
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
          after: { id: original.id, userId: original.userId, status: after.status, resentIds: after.resends.map((r) => r.id), copy: { id: copy.id, status: copy.status, kind: copy.kind, payload: copy.payload } },
        },
      },
      tx,
    );
    log.info("deliveries.resent", { deliveryId: original.id, copyId: copy.id, userId: original.userId, actorId: ctx.actorId });
    const now = new Date();
    return { delivery: toStaffDelivery(copy, now), original: toStaffDelivery(after, now) };
  });
}

/** The original's payload plus what the game otherwise reads through its links (product name, vote site). */
function selfContainedPayload(row: { kind: string; payload: Prisma.JsonValue; storeOrder: { product: { name: string } } | null; vote: { site: { key: string } } | null }): Prisma.InputJsonObject {
  const base = row.payload && typeof row.payload === "object" && !Array.isArray(row.payload) ? (row.payload as Prisma.InputJsonObject) : {};
  if (row.kind === "STORE_ITEM" && row.storeOrder) return { ...base, name: row.storeOrder.product.name };
  if (row.kind === "VOTE_REWARD" && row.vote) return { ...base, site: row.vote.site.key };
  return base;
}
