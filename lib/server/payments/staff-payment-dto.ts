import "server-only";
import type { CreditPurchase, PaymentProvider, WebhookEvent } from "@/lib/generated/prisma/client";
import type { TPlayerRisk, TPurchaseProvider, TPurchaseStatus, TStaffPurchase, TStaffWebhookEvent } from "@/lib/schemas/staff-payments";
import type { PaymentMethodName } from "../env";
import { CAPTURE_ANSWER_TYPE } from "./paypal";

// What the staff payments area shows of a purchase and of a stored provider event. The raw
// payload is shown as stored: it is the provider's own text, and only staff see it.

/** The adapter of a stored event's provider; LOCAL (in the enum since the first migration) has none and nothing stores it. */
export const METHOD_OF_PROVIDER: Record<PaymentProvider, PaymentMethodName | null> = { STRIPE: "stripe", PAYPAL: "paypal", COINBASE: "coinbase", LOCAL: null };

export function toStaffWebhookEvent(e: WebhookEvent): TStaffWebhookEvent {
  return {
    id: e.id,
    provider: METHOD_OF_PROVIDER[e.provider] ?? "local",
    eventId: e.eventId,
    type: e.type,
    receivedAt: e.receivedAt.toISOString(),
    processedAt: e.processedAt?.toISOString() ?? null,
    applied: e.processedAt !== null && e.error === null,
    error: e.error,
    // Webhooks are stored only after their signature passed (handle-webhook.ts); a PayPal capture
    // answer comes from our own authenticated call to PayPal and has no signature to check.
    signature: e.type === CAPTURE_ANSWER_TYPE ? "capture-answer" : "verified",
    purchaseId: e.creditPurchaseId,
    payload: e.payload,
  };
}

/** What a purchase is worth and where it went, as every staff view of a purchase shows it. */
export function purchaseFigures(p: Pick<CreditPurchase, "credits" | "bonusCredits" | "amountCents" | "currency" | "providerRef" | "deliverInGame">) {
  return {
    credits: p.credits,
    bonusCredits: p.bonusCredits,
    amountCents: p.amountCents,
    currency: p.currency,
    providerRef: p.providerRef,
    deliverInGame: p.deliverInGame,
  };
}

/** A purchase's dispute: open until decided, then won or lost (closed: ended by a refund, with no decision recorded). */
export function disputeOf(p: Pick<CreditPurchase, "disputeOpenedAt" | "disputeClosedAt" | "disputeOutcome">): TStaffPurchase["dispute"] {
  if (!p.disputeOpenedAt) return null;
  const state = p.disputeClosedAt === null ? "open" : p.disputeOutcome === "WON" ? "won" : p.disputeOutcome === "LOST" ? "lost" : "closed";
  return { state, openedAt: p.disputeOpenedAt.toISOString(), closedAt: p.disputeClosedAt?.toISOString() ?? null };
}

export function toStaffPurchase(
  p: CreditPurchase & { user: { id: number; username: string }; webhookEvents: WebhookEvent[] },
  risk: TPlayerRisk,
): TStaffPurchase {
  return {
    id: p.id,
    player: { id: p.user.id, username: p.user.username },
    provider: p.method.toLowerCase() as TPurchaseProvider,
    status: p.status.toLowerCase() as TPurchaseStatus,
    ...purchaseFigures(p),
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    events: p.webhookEvents.map(toStaffWebhookEvent),
    dispute: disputeOf(p),
    risk,
  };
}
