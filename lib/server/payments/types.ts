import "server-only";
import type { PaymentMethodName } from "../env";

// What every provider adapter gives the settlement: a verified event reduced to one effect.

export type PaymentEffect =
  | { kind: "paid"; providerRef: string; purchaseId?: number; amountCents: number; currency: string }
  | { kind: "failed"; providerRef: string; purchaseId?: number }
  | { kind: "refunded" | "dispute-opened" | "dispute-lost" | "dispute-won"; providerRef: string; purchaseId?: number }
  | { kind: "none" };

export type VerifiedEvent = { eventId: string; type: string; payload: unknown; effect: PaymentEffect };

/** The purchase snapshot a checkout is created for. */
export type CheckoutInput = { purchaseId: number; userId: number; amountCents: number; currency: string; credits: number; bonusCredits: number };

export type CheckoutAnswer = { client_secret: string } | { order_id: string } | { hosted_url: string };

export interface PaymentAdapter {
  method: PaymentMethodName;
  /** Creates the provider's checkout; providerRef is stored on the purchase (payment intent, order, charge). */
  createCheckout(input: CheckoutInput): Promise<{ providerRef: string; answer: CheckoutAnswer }>;
  /** Verifies the signature over the exact raw body and maps the event; throws WebhookSignatureError. */
  verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent>;
  /**
   * The effect of an event stored earlier (its type and webhook_events.payload, as verifyWebhook
   * answered them), for staff re-applying an event that failed. Nothing is verified again: only
   * verified events are stored.
   */
  effectOfStored(type: string, payload: unknown): Promise<PaymentEffect>;
}

/** Bad, missing or stale signature: answered 400, nothing stored. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

export const DB_PROVIDER = { stripe: "STRIPE", paypal: "PAYPAL", coinbase: "COINBASE" } as const;
export const DB_METHOD = DB_PROVIDER;
