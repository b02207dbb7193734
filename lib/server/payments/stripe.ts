import "server-only";
import Stripe from "stripe";
import { getEnv } from "../env";
import { isTestCheckout } from "./config";
import { localSecret } from "./local-secrets";
import { type CheckoutInput, type PaymentAdapter, type PaymentEffect, type VerifiedEvent, WebhookSignatureError } from "./types";

// Stripe: a PaymentIntent per purchase (idempotency key per purchase, metadata.purchase_id);
// credits only from the verified payment_intent.succeeded webhook, never from the browser.

export const STRIPE_TOLERANCE_SEC = 300;

let client: { key: string; base: string | undefined; stripe: Stripe } | undefined;
function stripeClient(): Stripe {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY!;
  if (client?.key === key && client.base === env.STRIPE_API_BASE_URL) return client.stripe;
  // STRIPE_API_BASE_URL points the SDK at a local fake in tests (refused in production).
  const base = env.STRIPE_API_BASE_URL ? new URL(env.STRIPE_API_BASE_URL) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol === "http:" ? "http" : "https" }
      : {}),
  });
  client = { key, base: env.STRIPE_API_BASE_URL, stripe };
  return stripe;
}

export function stripeWebhookSecret(): string {
  return isTestCheckout("stripe") ? localSecret("stripe") : getEnv().STRIPE_WEBHOOK_SECRET!;
}

const idOf = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" && "id" in v ? String((v as { id: unknown }).id) : null);
const purchaseIdOf = (metadata: unknown): number | undefined => {
  const n = Number((metadata as Record<string, unknown> | null)?.purchase_id);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

function effectOf(event: Stripe.Event): PaymentEffect {
  const obj = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case "payment_intent.succeeded":
      return {
        kind: "paid",
        providerRef: String(obj.id),
        purchaseId: purchaseIdOf(obj.metadata),
        amountCents: Number(obj.amount_received),
        currency: String(obj.currency),
      };
    case "payment_intent.payment_failed":
      return { kind: "failed", providerRef: String(obj.id), purchaseId: purchaseIdOf(obj.metadata) };
    case "charge.refunded": {
      const ref = idOf(obj.payment_intent);
      // A partial refund is left to staff (stored with the event); a full one claws back.
      return ref && obj.refunded === true ? { kind: "refunded", providerRef: ref } : { kind: "none" };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const ref = idOf(obj.payment_intent);
      if (!ref) return { kind: "none" };
      if (event.type === "charge.dispute.created") return { kind: "dispute-opened", providerRef: ref };
      return obj.status === "won"
        ? { kind: "dispute-won", providerRef: ref }
        : obj.status === "lost"
          ? { kind: "dispute-lost", providerRef: ref }
          : { kind: "none" };
    }
    default:
      return { kind: "none" };
  }
}

export const stripeAdapter: PaymentAdapter = {
  method: "stripe",
  async createCheckout(input: CheckoutInput) {
    if (isTestCheckout("stripe")) {
      const ref = `pi_local_${input.purchaseId}`;
      return { providerRef: ref, answer: { client_secret: `${ref}_secret_local` } };
    }
    const intent = await stripeClient().paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        metadata: { purchase_id: String(input.purchaseId), user_id: String(input.userId) },
        description: `${input.credits} credits${input.bonusCredits ? ` (+${input.bonusCredits} bonus)` : ""}`,
      },
      // A retried create (network blip, double click reaching the server) returns the same intent.
      { idempotencyKey: `credit-purchase-${input.purchaseId}` },
    );
    if (!intent.client_secret) throw new Error("Stripe returned a PaymentIntent without a client secret");
    return { providerRef: intent.id, answer: { client_secret: intent.client_secret } };
  },
  async verifyWebhook(raw: Uint8Array, headers: Headers): Promise<VerifiedEvent> {
    const header = headers.get("stripe-signature");
    if (!header) throw new WebhookSignatureError("missing Stripe-Signature header");
    let event: Stripe.Event;
    try {
      // Checks t= within the tolerance and every v1= in constant time (the SDK's secureCompare).
      event = Stripe.webhooks.constructEvent(Buffer.from(raw), header, stripeWebhookSecret(), STRIPE_TOLERANCE_SEC);
    } catch (e) {
      throw new WebhookSignatureError(e instanceof Error ? e.message : "bad Stripe signature");
    }
    return { eventId: event.id, type: event.type, payload: event, effect: effectOf(event) };
  },
  async effectOfStored(_type, payload) {
    const data = (payload as { data?: { object?: unknown } } | null)?.data;
    return data && typeof data.object === "object" && data.object ? effectOf(payload as Stripe.Event) : { kind: "none" };
  },
};

/** A signed payment_intent.succeeded for the local test checkout. */
export function localStripeEvent(input: { purchaseId: number; providerRef: string; amountCents: number; currency: string }): {
  body: string;
  headers: Record<string, string>;
} {
  const body = JSON.stringify({
    id: `evt_local_${input.purchaseId}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: input.providerRef,
        object: "payment_intent",
        amount: input.amountCents,
        amount_received: input.amountCents,
        currency: input.currency.toLowerCase(),
        metadata: { purchase_id: String(input.purchaseId) },
        status: "succeeded",
      },
    },
  });
  return { body, headers: { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: localSecret("stripe") }) } };
}
