import "server-only";
import { createHmac } from "node:crypto";
import { getEnv } from "../env";
import { isTestCheckout } from "./config";
import { localSecret } from "./local-secrets";
import { centsToDecimal, decimalToCents, safeEqual } from "./money";
import { type PaymentAdapter, type PaymentEffect, type VerifiedEvent, WebhookSignatureError } from "./types";

// Coinbase Commerce charges API with fetch (its Node SDK is unmaintained): a hosted checkout
// page per purchase; webhooks signed with X-CC-Webhook-Signature, the hex HMAC-SHA256 of the
// raw body under the shared secret. The signature carries no timestamp, so a replay is caught
// by the unique event id rather than by age.

const baseUrl = () => getEnv().COINBASE_API_BASE_URL?.replace(/\/$/, "") ?? "https://api.commerce.coinbase.com";
export const coinbaseWebhookSecret = () => (isTestCheckout("coinbase") ? localSecret("coinbase") : getEnv().COINBASE_COMMERCE_WEBHOOK_SECRET!);
export const coinbaseSignature = (raw: Uint8Array | string, secret: string) => createHmac("sha256", secret).update(raw).digest("hex");

function effectOf(type: string, charge: Record<string, unknown>): PaymentEffect {
  const code = String(charge.code ?? "");
  const pid = Number((charge.metadata as Record<string, unknown> | undefined)?.purchase_id);
  const purchaseId = Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  switch (type) {
    case "charge:confirmed":
    case "charge:resolved": {
      const local = (charge.pricing as { local?: { amount?: string; currency?: string } } | undefined)?.local;
      return { kind: "paid", providerRef: code, purchaseId, amountCents: decimalToCents(local?.amount) ?? -1, currency: String(local?.currency ?? "") };
    }
    case "charge:failed":
      return { kind: "failed", providerRef: code, purchaseId };
    default:
      return { kind: "none" };
  }
}

export const coinbaseAdapter: PaymentAdapter = {
  method: "coinbase",
  async createCheckout(input) {
    if (isTestCheckout("coinbase")) {
      const code = `LOCAL${input.purchaseId}`;
      return { providerRef: code, answer: { hosted_url: `${getEnv().SITE_URL.replace(/\/$/, "")}/credits?test_checkout=${input.purchaseId}` } };
    }
    const site = getEnv().SITE_URL.replace(/\/$/, "");
    const res = await fetch(`${baseUrl()}/charges`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cc-api-key": getEnv().COINBASE_COMMERCE_API_KEY!, "x-cc-version": "2018-03-22" },
      body: JSON.stringify({
        name: `${input.credits} credits`,
        description: input.bonusCredits ? `${input.credits} credits (+${input.bonusCredits} bonus)` : `${input.credits} credits`,
        pricing_type: "fixed_price",
        local_price: { amount: centsToDecimal(input.amountCents), currency: input.currency },
        metadata: { purchase_id: String(input.purchaseId), user_id: String(input.userId) },
        redirect_url: `${site}/store/success`,
        cancel_url: `${site}/credits`,
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: { code?: string; hosted_url?: string } };
    if (!res.ok || !body.data?.code || !body.data.hosted_url) throw new Error(`Coinbase Commerce charge failed: ${res.status}`);
    return { providerRef: body.data.code, answer: { hosted_url: body.data.hosted_url } };
  },
  async verifyWebhook(raw, headers): Promise<VerifiedEvent> {
    const sig = headers.get("x-cc-webhook-signature");
    if (!sig) throw new WebhookSignatureError("missing X-CC-Webhook-Signature header");
    if (!safeEqual(sig.trim().toLowerCase(), coinbaseSignature(raw, coinbaseWebhookSecret())))
      throw new WebhookSignatureError("Coinbase signature does not match");
    let body: { event?: { id?: unknown; type?: unknown; data?: unknown } };
    try {
      body = JSON.parse(new TextDecoder().decode(raw)) as typeof body;
    } catch {
      throw new WebhookSignatureError("signed body is not JSON");
    }
    const event = body.event;
    if (!event || typeof event.id !== "string" || typeof event.type !== "string") throw new WebhookSignatureError("not a Coinbase Commerce event");
    const charge = (event.data && typeof event.data === "object" ? event.data : {}) as Record<string, unknown>;
    return { eventId: event.id, type: event.type, payload: body, effect: effectOf(event.type, charge) };
  },
  async effectOfStored(type, payload) {
    const data = (payload as { event?: { data?: unknown } } | null)?.event?.data;
    return effectOf(type, (data && typeof data === "object" ? data : {}) as Record<string, unknown>);
  },
};

/** A signed charge:confirmed for the local test checkout. */
export function localCoinbaseEvent(input: { purchaseId: number; providerRef: string; amountCents: number; currency: string }): {
  body: string;
  headers: Record<string, string>;
} {
  const body = JSON.stringify({
    id: `local-delivery-${input.purchaseId}`,
    event: {
      id: `local-event-${input.purchaseId}`,
      type: "charge:confirmed",
      data: {
        code: input.providerRef,
        metadata: { purchase_id: String(input.purchaseId) },
        pricing: { local: { amount: centsToDecimal(input.amountCents), currency: input.currency } },
      },
    },
  });
  return { body, headers: { "x-cc-webhook-signature": coinbaseSignature(body, localSecret("coinbase")) } };
}
