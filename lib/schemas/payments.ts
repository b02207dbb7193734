import { z } from "zod";
import { defineOperation, rawBody, REQUIRED, ZErrorBody } from "./api";
import { zId } from "./ids";
import { ZCouponCodeInput, ZCreatorCodeInput, ZPriceLine } from "./store";

// Contracts of the payments API (docs/product.md §4 credit purchase, §5, §7, §8; docs/payments.md).

export const PAYMENT_METHODS = ["stripe", "paypal", "coinbase"] as const;
export const NO_PACKAGE = "You must select a credit package in order to proceed with checkout.";
export const NO_METHOD = "You must select a payment method in order to proceed with checkout.";

// Both required; left out, null or "" (the page's "nothing chosen") gets the words of docs/product.md §8.
export const ZCreditPurchaseInput = z.object({
  id: zId({ description: "Credit package id", missing: NO_PACKAGE }),
  method: z.preprocess((v) => (v === null || v === "" ? undefined : v), z.enum(PAYMENT_METHODS, { error: NO_METHOD })),
  deliver_in_game: z
    .boolean("Must be true or false.")
    .optional()
    .describe(
      "Hand the credits over in game (the NPC at home) instead of adding them to the website balance; the credit store sets it when opened from ::store. Default false",
    ),
  coupon: ZCouponCodeInput.describe(
    "Coupon code (any case): the checkout asks the provider for the discounted price, and only that amount settles it; refused with a 400 naming `coupon` when it does not apply",
  ),
  creator_code: ZCreatorCodeInput.describe(
    "Creator code (any case): bonus credits for the buyer (a creator_bonus line), a share of the payment for the creator; refused with a 400 naming `creator_code` when unknown, paused or the buyer's own",
  ),
});

const ZPurchaseCommon = {
  purchase_id: z.number().int(),
  amount_cents: z.number().int().describe("What the checkout charges, in US cents (after the coupon)"),
  lines: z.array(ZPriceLine).describe("The price lines in US cents: base, coupon, creator bonus (bonus credits, amount 0), total"),
  test_checkout: z.boolean().describe("True when this method completes through the local test checkout"),
};
export const ZCreditPurchaseAnswer = z.union([
  z.object({ client_secret: z.string().describe("Stripe PaymentIntent client secret"), ...ZPurchaseCommon }),
  z.object({ order_id: z.string().describe("PayPal order id"), ...ZPurchaseCommon }),
  z.object({ hosted_url: z.string().describe("Coinbase Commerce hosted checkout page"), ...ZPurchaseCommon }),
]);

export const creditPurchaseOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/credits/purchase",
  summary: "Start buying a credit package with Stripe, PayPal or Coinbase Commerce",
  description:
    "Creates a PENDING purchase with a snapshot of the package price, then the provider's checkout. Credits are granted only by the provider's verified webhook (or PayPal's capture answer).",
  tag: "Payments",
  auth: "user",
  rateLimited: true,
  storeSession: true,
  body: ZCreditPurchaseInput,
  responses: {
    201: { description: "Checkout created", schema: ZCreditPurchaseAnswer },
    400: { description: "Invalid input, a coupon that does not apply (named `coupon`) or a creator code refused (named `creator_code`)", schema: ZErrorBody },
  },
});

export const ZPaymentsConfig = z.object({
  stripe_publishable_key: z.string().nullable(),
  paypal_client_id: z.string().nullable(),
  test_checkout: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
});
export const paymentsConfigOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/credits/config",
  summary: "Public payment settings for the credit store page",
  tag: "Payments",
  auth: "none",
  responses: { 200: { description: "Offered methods and public client ids", schema: ZPaymentsConfig } },
});

export const paypalCaptureOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/credits/paypal/capture",
  summary: "Capture an approved PayPal order of your own",
  tag: "Payments",
  auth: "user",
  rateLimited: true,
  storeSession: true,
  body: z.object({
    order_id: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(64)
      .regex(/^[A-Za-z0-9-]+$/, "Not a PayPal order id.")
      .describe("PayPal order id (not a site id)"),
  }),
  responses: {
    200: { description: "Capture status (COMPLETED when credited)", schema: z.object({ status: z.string() }) },
    404: { description: "No purchase of yours with this PayPal order", schema: ZErrorBody },
  },
});

export const testCheckoutOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/credits/test-checkout",
  summary: "Local mode only: complete your own purchase through a signed test webhook",
  description: "404 in production and for methods with real keys. Builds the provider's correctly signed event and sends it through the webhook code path.",
  tag: "Payments",
  auth: "user",
  storeSession: true,
  body: z.object({ purchase_id: zId({ description: "Credit purchase id" }) }),
  responses: { 200: { description: "Purchase settled", schema: z.object({ status: z.string(), credits: z.number().int() }) } },
});

const webhookOp = (provider: "stripe" | "paypal" | "coinbase", header: string) =>
  defineOperation({
    method: "POST",
    path: `/api/v1/webhooks/${provider}`,
    summary: `${provider} webhook`,
    description: `Signed by the provider (${header}); a bad or stale signature is a 400. Every verified event is stored once and answered 200.`,
    tag: "Payments",
    auth: "none",
    rateLimited: true,
    body: rawBody("application/json", `The provider's event, exactly as sent (signature over these bytes)`),
    responses: { 200: { description: "Event received", schema: z.object({ received: z.literal(true) }) } },
  });
export const stripeWebhookOp = webhookOp("stripe", "Stripe-Signature");
export const paypalWebhookOp = webhookOp("paypal", "PAYPAL-TRANSMISSION-SIG with the certificate from PAYPAL-CERT-URL");
export const coinbaseWebhookOp = webhookOp("coinbase", "X-CC-Webhook-Signature");

export const paymentOperations = [creditPurchaseOp, paymentsConfigOp, paypalCaptureOp, testCheckoutOp, stripeWebhookOp, paypalWebhookOp, coinbaseWebhookOp];
