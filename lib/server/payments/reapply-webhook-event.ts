import "server-only";
import type { TPurchaseStatus, TReapplyResult } from "@/lib/schemas/staff-payments";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { lockRowById } from "../sql/locks";
import { ADAPTERS } from "./adapters";
import { applyEffect } from "./settle";
import { METHOD_OF_PROVIDER, toStaffWebhookEvent } from "./staff-payment-dto";
import { DB_METHOD } from "./types";

// POST /staff/payments/events/{id}/reapply: a stored provider event that settling
// refused (an amount that did not match, an unknown purchase, …) is settled again once staff
// have fixed the cause, through the same applyEffect as on arrival.
//
// Once only, even for concurrent clicks: the event row is locked first, so a second re-apply
// waits, then finds the error cleared and answers already-applied. Under that, the settlement's
// own guarantees hold as on arrival: the purchase row is locked, a paid purchase is not paid
// again, and its ledger keys (purchase:<id>:purchase, …) are unique.

export const NO_SUCH_EVENT = "No such event.";

type Snapshot = {
  event: { error: string | null; processedAt: string | null };
  purchase: { id: number; status: TPurchaseStatus } | null;
  player: { id: number; username: string; storeCredits: number; totalSpentCents: number; memberRank: string } | null;
};

export async function reapplyWebhookEvent(eventId: number, reason: string, ctx: { actorId: number; ip: string | null }): Promise<TReapplyResult> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "webhookEvent", eventId))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_EVENT });
    const event = await tx.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    if (event.error === null) {
      const now = await snapshot(tx, event.id, event.creditPurchaseId);
      return { outcome: "already-applied", event: toStaffWebhookEvent(event), purchase: now.purchase, player: now.player };
    }

    const method = METHOD_OF_PROVIDER[event.provider];
    if (!method) throw new AppError("CONFLICT", { userMessage: "Events of this provider cannot be re-applied." });
    const effect = await ADAPTERS[method].effectOfStored(event.type, event.payload);
    // The purchase it is about, locked before reading "before" (applyEffect locks it again, same transaction).
    const purchaseId =
      effect.kind === "none"
        ? event.creditPurchaseId
        : (effect.purchaseId ??
          event.creditPurchaseId ??
          (await tx.creditPurchase.findFirst({ where: { method: DB_METHOD[method], providerRef: effect.providerRef }, select: { id: true } }))?.id ??
          null);
    if (purchaseId !== null) await lockRowById(tx, "creditPurchase", purchaseId);
    const before = await snapshot(tx, event.id, purchaseId);

    const result = await applyEffect(tx, method, effect);
    // Still refused: nothing is written (the transaction rolls back), and staff read why.
    if (result.outcome === "rejected") throw new AppError("CONFLICT", { userMessage: `Still not applied: ${result.error ?? "the settlement refused it"}.` });

    const settled = await tx.webhookEvent.update({
      where: { id: event.id },
      data: { processedAt: new Date(), error: null, creditPurchaseId: result.purchaseId ?? event.creditPurchaseId },
    });
    const after = await snapshot(tx, event.id, settled.creditPurchaseId);
    await recordAudit(
      {
        action: "payments.event_reapplied",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "webhook_event",
        targetId: event.id,
        data: { reason, before, after },
      },
      tx,
    );
    log.info("payments.event_reapplied", {
      eventId: event.id,
      provider: method,
      type: event.type,
      purchaseId: settled.creditPurchaseId,
      outcome: result.outcome,
      actorId: ctx.actorId,
    });
    return {
      outcome: result.outcome === "ignored" ? "no-effect" : "applied",
      event: toStaffWebhookEvent(settled),
      purchase: after.purchase,
      player: after.player,
    };
  });
}

/** The event, its purchase and the purchase's player as they stand in this transaction. */
async function snapshot(tx: Tx, eventId: number, purchaseId: number | null): Promise<Snapshot> {
  const event = await tx.webhookEvent.findUniqueOrThrow({ where: { id: eventId }, select: { error: true, processedAt: true } });
  const p =
    purchaseId === null
      ? null
      : await tx.creditPurchase.findUnique({
          where: { id: purchaseId },
          include: { user: { select: { id: true, username: true, storeCredits: true, totalSpentCents: true, memberRank: true } } },
        });
  return {
    event: { error: event.error, processedAt: event.processedAt?.toISOString() ?? null },
    purchase: p ? { id: p.id, status: p.status.toLowerCase() as TPurchaseStatus } : null,
    player: p
      ? { id: p.user.id, username: p.user.username, storeCredits: p.user.storeCredits, totalSpentCents: p.user.totalSpentCents, memberRank: p.user.memberRank }
      : null,
  };
}
