import { z } from "zod";
import { ORDER_NUMBER_PATTERN, parseOrderNumber } from "../orders/order-number";
import { BLOCK_REASON_CODES } from "../orders/block-reasons";
import { defineOperation, documentWith, ZErrorBody, ZPageQuery, zPaged } from "./api";

// A player's orders (docs/payments.md "Orders"): credit packages bought with money and store
// items bought with credits, in one history, each with its delivery in game.

const TAG = "Orders";

export const ORDERS_PAGE_SIZE = 20;
export const ORDER_TYPES = ["all", "credits", "items"] as const;
export type TOrderType = (typeof ORDER_TYPES)[number];

export const ORDER_STATUSES = ["pending", "paid", "failed", "canceled", "expired", "refunded", "disputed"] as const;
export type TOrderStatus = (typeof ORDER_STATUSES)[number];

export const DELIVERY_STATES = ["waiting", "blocked", "claimed", "canceled"] as const;
export type TOrderDeliveryState = (typeof DELIVERY_STATES)[number];

export const ZOrderDelivery = z.object({
  state: z
    .enum(DELIVERY_STATES)
    .describe(
      "waiting: in the queue for the game (claim it from the NPC at home); blocked: the game said why it could not hand it over yet; claimed; canceled",
    ),
  blocked_reason: z.enum(BLOCK_REASON_CODES).nullable().describe("Set when state is blocked: the game's reason code"),
  blocked_message: z.string().nullable().describe("The game's own words, when it sent any"),
  blocked_at: z.string().nullable().describe("ISO 8601, when the game reported it"),
  delivered_at: z.string().nullable().describe("ISO 8601, when the game acknowledged it (state claimed)"),
});
export type TOrderDelivery = z.infer<typeof ZOrderDelivery>;

/** One thing bought. Amounts are in the order's currency: US cents for USD, credits for CREDITS. */
export const ZOrderLine = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int().describe("Before discounts, in the order's currency unit"),
  amount: z.number().int().describe("quantity × unit_price, in the order's currency unit"),
  credits: z.number().int().nullable().describe("Credits the line adds to the balance (credit packages, bonus included)"),
});
export const ZOrderDiscount = z.object({
  label: z.string(),
  amount: z.number().int().describe("Taken off the price, in the order's currency unit (positive)"),
});

export const ZOrder = z.object({
  number: z.string().describe("The order number shown to the player: C-… credit package, S-… store item"),
  kind: z.enum(["credits", "item"]),
  created: z.string().describe("ISO 8601"),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(["USD", "CREDITS"]),
  method: z.enum(["stripe", "paypal", "coinbase", "ingame", "manual", "credits"]).describe("How it was paid"),
  lines: z.array(ZOrderLine),
  discounts: z
    .array(ZOrderDiscount)
    .describe("The sale and coupon lines, in the order they were applied: the lines' amounts minus these are the total. None on a gift you received"),
  total: z.number().int().describe("What was charged, in the order's currency unit (0 on a gift you received: the buyer paid)"),
  gift_to: z.string().nullable().describe("A store item you bought as a gift: the recipient's username; else null"),
  gift_from: z
    .string()
    .nullable()
    .describe("A store item another player bought for you: the buyer's username (no amounts are shown: lines and total are 0); else null"),
  paid_at: z.string().nullable().describe("ISO 8601"),
  delivery: ZOrderDelivery.nullable().describe("The hand-over in game; null when the credits went to the website balance"),
  expires_at: z.string().nullable().describe("An unpaid checkout: when it closes (ISO 8601)"),
  can_resume: z.boolean().describe("An unpaid checkout that can be reopened at the provider"),
  can_cancel: z.boolean(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrdersQuery = ZPageQuery.extend({
  type: z.enum(ORDER_TYPES, { error: "Must be all, credits or items." }).optional().describe("all (default), credits (packages bought with money) or items"),
});

const zNumber = documentWith(
  z
    .string()
    .max(16, "Not an order number.")
    .refine((v) => parseOrderNumber(v) !== null, "Not an order number."),
  { pattern: ORDER_NUMBER_PATTERN },
).describe("Order number, e.g. C-000042 or S-000017");
export const ZOrderParams = z.object({ number: zNumber });

export const ZResumeResult = z.object({
  number: z.string(),
  method: z.enum(["stripe", "paypal", "coinbase"]),
  purchase_id: z.number().int(),
  test_checkout: z.boolean().describe("Local mode: pay through POST /api/v1/store/credits/test-checkout"),
  client_secret: z.string().optional().describe("Stripe: confirm with Stripe.js"),
  order_id: z.string().optional().describe("PayPal: approve with the PayPal buttons"),
  hosted_url: z.string().optional().describe("Coinbase: open the hosted page"),
  package: z.object({ credits: z.number().int(), bonusCredits: z.number().int(), price: z.number().describe("US dollars") }),
  deliver_in_game: z.boolean().describe("Bought through ::store: the credits are handed over in game"),
});
export type TResumeResult = z.infer<typeof ZResumeResult>;

const notFound = { 404: { description: "No such order, or not yours (answered alike)", schema: ZErrorBody } };
const notOpen = { 409: { description: "Not an unpaid checkout any more (paid, cancelled or expired), or not a checkout at all", schema: ZErrorBody } };

export const listOrdersOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/orders",
  summary: `Your orders, newest first, ${ORDERS_PAGE_SIZE} per page`,
  description:
    "Credit packages bought with money and store items bought with credits, with each item's delivery in game. `/api/v1/store/purchases` stays as it was.",
  tag: TAG,
  auth: "user",
  storeSession: true,
  query: ZOrdersQuery,
  responses: { 200: { description: "A page of orders", schema: zPaged(ZOrder) } },
});

export const getOrderOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/orders/{number}",
  summary: "One of your orders (its receipt)",
  tag: TAG,
  auth: "user",
  storeSession: true,
  params: ZOrderParams,
  responses: { 200: { description: "The order", schema: ZOrder }, ...notFound },
});

export const cancelCheckoutOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/orders/{number}/cancel",
  summary: "Cancel an unpaid checkout",
  description: "Only a credit package checkout still waiting for payment. A payment the provider still reports for it later is honoured (the money was taken).",
  tag: TAG,
  auth: "user",
  storeSession: true,
  params: ZOrderParams,
  responses: { 200: { description: "The order, canceled", schema: ZOrder }, ...notFound, ...notOpen },
});

export const resumeCheckoutOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/orders/{number}/resume",
  summary: "Reopen an unpaid checkout at its provider",
  description: "Answers the provider session the checkout was created with (the same fields as POST /api/v1/store/credits/purchase), until it expires.",
  tag: TAG,
  auth: "user",
  storeSession: true,
  params: ZOrderParams,
  responses: { 200: { description: "The provider session", schema: ZResumeResult }, ...notFound, ...notOpen },
});

export const orderOperations = [listOrdersOp, getOrderOp, cancelCheckoutOp, resumeCheckoutOp];
