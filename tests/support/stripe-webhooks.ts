// Stripe for integration tests: a local fake of its API that creates PaymentIntents, the
// settings that point the app at it, and events signed with the SDK's own test header for the
// real webhook route (app/api/v1/webhooks/stripe). Shared by the payment, coupon, dispute, gift
// card and receipt tests.
import Stripe from "stripe";
import { startFakeServer } from "./fake-payments";

/** The API keys every Stripe test runs with (the fake does not check them). */
export const STRIPE_TEST_KEYS = { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake" } as const;

/**
 * A local fake of Stripe's API: `POST /v1/payment_intents` answers a PaymentIntent with the
 * amount, currency and purchase id asked for, its id `intentId(n)` for the n-th one (default
 * `pi_fake_<n>`) and client secret `<id>_secret_x`; anything else is a 404. Every request is
 * recorded (`requests`).
 */
export function startFakeStripe(intentId: (n: number) => string = (n) => `pi_fake_${n}`) {
  let n = 0;
  return startFakeServer((req) => {
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      n += 1;
      const form = new URLSearchParams(req.body);
      const id = intentId(n);
      return {
        json: {
          id,
          object: "payment_intent",
          client_secret: `${id}_secret_x`,
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          metadata: { purchase_id: form.get("metadata[purchase_id]") },
        },
      };
    }
    return { status: 404, json: { error: { message: "no such route" } } };
  });
}

/** The settings that point the app at a fake Stripe with this webhook secret (for setEnv). */
export const stripeEnv = (secret: string, apiUrl: string) => ({
  TRUST_PROXY: "true",
  ...STRIPE_TEST_KEYS,
  STRIPE_WEBHOOK_SECRET: secret,
  STRIPE_API_BASE_URL: apiUrl,
});

/** Builders of signed Stripe events for the webhook secret `secret`. */
export function stripeEvents(secret: string) {
  /** An event's JSON body (a fresh random id unless one is given). */
  const event = (type: string, object: Record<string, unknown>, id = `evt_${type}_${Math.random().toString(36).slice(2)}`) =>
    JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  /** The Stripe-Signature header for `body` (another secret or an old timestamp to forge one). */
  const signed = (body: string, opts: { secret?: string; timestamp?: number } = {}) => ({
    "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: opts.secret ?? secret, timestamp: opts.timestamp }),
  });
  /** payment_intent.succeeded for a purchase: `amount` received in `currency`. */
  const succeeded = (pi: string, purchaseId: number, amount: number, currency = "usd", id?: string) =>
    event(
      "payment_intent.succeeded",
      { id: pi, object: "payment_intent", amount_received: amount, currency, metadata: { purchase_id: String(purchaseId) } },
      id,
    );
  return { event, signed, succeeded };
}
