import "server-only";
import { getEnv } from "../env";
import { centsToDecimal } from "./money";

// PayPal Orders v2 over plain HTTPS. Why not @paypal/paypal-server-sdk: its Client picks the
// host from a two-value Environment enum (api-m.paypal.com / api-m.sandbox.paypal.com) inside a
// private function, so it cannot be pointed at a local fake for tests; the three REST calls
// we need (token, create order, capture) are small and documented, and the SDK stays an
// option should PayPal add a base-URL setting.

export function paypalBaseUrl(): string {
  const env = getEnv();
  return env.PAYPAL_API_BASE_URL?.replace(/\/$/, "") ?? (env.PAYPAL_ENVIRONMENT === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com");
}

let token: { key: string; value: string; expires: number } | undefined;
async function accessToken(): Promise<string> {
  const env = getEnv();
  const key = `${paypalBaseUrl()}|${env.PAYPAL_CLIENT_ID}`;
  if (token && token.key === key && token.expires > Date.now()) return token.value;
  const res = await fetch(`${paypalBaseUrl()}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${env.PAYPAL_CLIENT_ID}:${env.PAYPAL_CLIENT_SECRET}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`PayPal token request failed: ${res.status}`);
  const body = (await res.json()) as { access_token: string; expires_in: number };
  token = { key, value: body.access_token, expires: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
  return body.access_token;
}

async function call(method: "GET" | "POST", path: string, body?: unknown, requestId?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${paypalBaseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken()}`, "content-type": "application/json", ...(requestId ? { "paypal-request-id": requestId } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export async function createPaypalOrder(input: { purchaseId: number; amountCents: number; currency: string; description: string }): Promise<string> {
  const r = await call(
    "POST",
    "/v2/checkout/orders",
    {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: String(input.purchaseId),
          custom_id: String(input.purchaseId),
          description: input.description,
          amount: { currency_code: input.currency, value: centsToDecimal(input.amountCents) },
        },
      ],
    },
    // PayPal-Request-Id makes a retried create return the same order.
    `credit-purchase-${input.purchaseId}`,
  );
  if (r.status >= 300 || typeof r.json.id !== "string") throw new Error(`PayPal create order failed: ${r.status}`);
  return r.json.id;
}

export type PaypalCapture = { id: string; status: string; amount?: { currency_code?: string; value?: string }; custom_id?: string };

/** Captures an approved order (or reads the capture of one captured already). */
export async function capturePaypalOrder(orderId: string): Promise<{ orderStatus: string; capture: PaypalCapture | null }> {
  const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
  let r = await call("POST", `${path}/capture`, {}, `capture-${orderId}`);
  // 422 ORDER_ALREADY_CAPTURED and friends: the order itself says what happened.
  if (r.status === 422) r = await call("GET", path);
  if (r.status >= 300) throw new Error(`PayPal capture failed: ${r.status}`);
  const units = (r.json.purchase_units ?? []) as Array<{ payments?: { captures?: PaypalCapture[] } }>;
  return { orderStatus: String(r.json.status ?? ""), capture: units[0]?.payments?.captures?.[0] ?? null };
}
