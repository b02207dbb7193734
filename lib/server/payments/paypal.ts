import "server-only";
import { createSign, createVerify, type KeyObject, X509Certificate } from "node:crypto";
import { getEnv } from "../env";
import { isTestCheckout } from "./config";
import { localPaypalKeys } from "./local-secrets";
import { crc32, decimalToCents } from "./money";
import { createPaypalOrder, paypalBaseUrl } from "./paypal-http";
import { selectPaypalCapturePurchaseId } from "./sql/webhook-events";
import { type PaymentAdapter, type PaymentEffect, type VerifiedEvent, WebhookSignatureError } from "./types";

// PayPal: Orders v2 (paypal-http.ts) and webhooks verified offline: the transmission signature
// (SHA256withRSA over "id|time|webhookId|crc32(body)") checked with the certificate from the
// paypal-cert-url header, fetched only from an https *.paypal.com host and cached.

// PayPal retries a failed delivery for up to 3 days and does not say whether a retry is
// re-signed with a fresh time; a replay is stopped by the unique event id anyway, so the
// window only refuses transmissions older than any PayPal would still send.
export const PAYPAL_TOLERANCE_SEC = 4 * 24 * 3600;
const LOCAL_CERT_URL = "local:test-checkout";
/** The type under which the answer of our own capture call is stored (paypal-capture.ts). */
export const CAPTURE_ANSWER_TYPE = "CAPTURE.ANSWER";

/** Only PayPal's own https hosts may hand us a signing certificate. */
export function isPaypalCertUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      u.protocol === "https:" &&
      (u.hostname === "paypal.com" || u.hostname.endsWith(".paypal.com")) &&
      !u.username &&
      !u.password &&
      (u.port === "" || u.port === "443")
    );
  } catch {
    return false;
  }
}

const certCache = new Map<string, KeyObject>();
async function certKey(certUrl: string): Promise<KeyObject> {
  const cached = certCache.get(certUrl);
  if (cached) return cached;
  if (!isPaypalCertUrl(certUrl)) throw new WebhookSignatureError("paypal-cert-url is not an https paypal.com address");
  // Tests serve the certificate from the same local fake as the API (PAYPAL_API_BASE_URL).
  const fetchUrl = getEnv().PAYPAL_API_BASE_URL ? `${paypalBaseUrl()}${new URL(certUrl).pathname}` : certUrl;
  const res = await fetch(fetchUrl, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new WebhookSignatureError(`certificate fetch failed: ${res.status}`);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(await res.text());
  } catch {
    throw new WebhookSignatureError("paypal-cert-url did not return a certificate");
  }
  const now = Date.now();
  if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) throw new WebhookSignatureError("PayPal certificate is not valid now");
  if (certCache.size > 20) certCache.clear();
  certCache.set(certUrl, cert.publicKey);
  return cert.publicKey;
}

const signedText = (h: { id: string; time: string }, webhookId: string, raw: Uint8Array) => `${h.id}|${h.time}|${webhookId}|${crc32(raw)}`;

async function effectOf(type: string, resource: Record<string, unknown>): Promise<PaymentEffect> {
  const pid = Number(resource.custom_id);
  const purchaseId = Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  const orderId = String((resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id ?? "");
  const amount = resource.amount as { value?: string; currency_code?: string } | undefined;
  switch (type) {
    case "PAYMENT.CAPTURE.COMPLETED":
      return {
        kind: "paid",
        providerRef: orderId,
        purchaseId,
        amountCents: decimalToCents(amount?.value) ?? -1,
        currency: String(amount?.currency_code ?? ""),
      };
    case "PAYMENT.CAPTURE.DENIED":
      return { kind: "failed", providerRef: orderId, purchaseId };
    case "PAYMENT.CAPTURE.REVERSED":
      return { kind: "dispute-lost", providerRef: orderId, purchaseId };
    case "PAYMENT.CAPTURE.REFUNDED": {
      if (purchaseId) return { kind: "refunded", providerRef: "", purchaseId };
      // A refund names its capture in the "up" link; the capture's stored event names the purchase.
      const up = (resource.links as Array<{ rel?: string; href?: string }> | undefined)?.find((l) => l.rel === "up")?.href ?? "";
      const captureId = up.split("/").pop() ?? "";
      const pid = await selectPaypalCapturePurchaseId(captureId);
      const found = Number(pid);
      return Number.isSafeInteger(found) && found > 0 ? { kind: "refunded", providerRef: "", purchaseId: found } : { kind: "none" };
    }
    default:
      return { kind: "none" };
  }
}

export const paypalAdapter: PaymentAdapter = {
  method: "paypal",
  async createCheckout(input) {
    if (isTestCheckout("paypal")) return { providerRef: `LOCAL-ORDER-${input.purchaseId}`, answer: { order_id: `LOCAL-ORDER-${input.purchaseId}` } };
    const description = `${input.credits} credits${input.bonusCredits ? ` (+${input.bonusCredits} bonus)` : ""}`;
    const orderId = await createPaypalOrder({ purchaseId: input.purchaseId, amountCents: input.amountCents, currency: input.currency, description });
    return { providerRef: orderId, answer: { order_id: orderId } };
  },
  async verifyWebhook(raw, headers): Promise<VerifiedEvent> {
    const id = headers.get("paypal-transmission-id");
    const time = headers.get("paypal-transmission-time");
    const sig = headers.get("paypal-transmission-sig");
    const certUrl = headers.get("paypal-cert-url");
    const algo = headers.get("paypal-auth-algo");
    if (!id || !time || !sig || !certUrl) throw new WebhookSignatureError("missing PayPal transmission headers");
    if (algo && algo !== "SHA256withRSA") throw new WebhookSignatureError(`unsupported paypal-auth-algo ${algo}`);
    const sent = Date.parse(time);
    if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > PAYPAL_TOLERANCE_SEC * 1000)
      throw new WebhookSignatureError("PayPal transmission time outside the tolerance");
    const local = isTestCheckout("paypal");
    const key = local ? localPaypalKeys().publicKey : await certKey(certUrl);
    const webhookId = local ? "LOCAL" : getEnv().PAYPAL_WEBHOOK_ID!;
    const ok = createVerify("RSA-SHA256")
      .update(signedText({ id, time }, webhookId, raw))
      .verify(key, sig, "base64");
    if (!ok) throw new WebhookSignatureError("PayPal transmission signature does not match");
    let event: { id?: unknown; event_type?: unknown; resource?: unknown };
    try {
      event = JSON.parse(new TextDecoder().decode(raw)) as typeof event;
    } catch {
      throw new WebhookSignatureError("signed body is not JSON");
    }
    if (typeof event.id !== "string" || typeof event.event_type !== "string") throw new WebhookSignatureError("not a PayPal event");
    const resource = (event.resource && typeof event.resource === "object" ? event.resource : {}) as Record<string, unknown>;
    return { eventId: event.id, type: event.event_type, payload: event, effect: await effectOf(event.event_type, resource) };
  },
  async effectOfStored(type, payload) {
    const stored = (payload as { resource?: unknown } | null)?.resource;
    const resource = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
    // Our own capture call's answer (paypal-capture.ts), stored as an event of its own: a payment.
    if (type === CAPTURE_ANSWER_TYPE) {
      const pid = Number(resource.custom_id);
      const amount = resource.amount as { value?: string; currency_code?: string } | undefined;
      return {
        kind: "paid",
        providerRef: "",
        purchaseId: Number.isSafeInteger(pid) && pid > 0 ? pid : undefined,
        amountCents: decimalToCents(amount?.value) ?? -1,
        currency: String(amount?.currency_code ?? ""),
      };
    }
    return effectOf(type, resource);
  },
};

/** A signed PAYMENT.CAPTURE.COMPLETED for the local test checkout. */
export function localPaypalEvent(input: { purchaseId: number; providerRef: string; amountCents: number; currency: string }): {
  body: string;
  headers: Record<string, string>;
} {
  const value = `${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, "0")}`;
  const body = JSON.stringify({
    id: `WH-LOCAL-${input.purchaseId}`,
    event_type: "PAYMENT.CAPTURE.COMPLETED",
    resource: {
      id: `LOCAL-CAPTURE-${input.purchaseId}`,
      status: "COMPLETED",
      amount: { value, currency_code: input.currency },
      custom_id: String(input.purchaseId),
      supplementary_data: { related_ids: { order_id: input.providerRef } },
    },
  });
  const headers = {
    "paypal-transmission-id": `local-${input.purchaseId}`,
    "paypal-transmission-time": new Date().toISOString(),
    "paypal-cert-url": LOCAL_CERT_URL,
    "paypal-auth-algo": "SHA256withRSA",
  };
  const sig = createSign("RSA-SHA256")
    .update(signedText({ id: headers["paypal-transmission-id"], time: headers["paypal-transmission-time"] }, "LOCAL", new TextEncoder().encode(body)))
    .sign(localPaypalKeys().privateKey, "base64");
  return { body, headers: { ...headers, "paypal-transmission-sig": sig } };
}
