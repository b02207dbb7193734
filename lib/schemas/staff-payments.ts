import { z } from "zod";
import { defineOperation, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";
import { ZStaffReasonInput } from "./staff-reason";

// Contracts of the staff console's payments area: credit purchases with the provider
// events stored for each, and re-applying an event that was not applied. Our own API, camelCase
// like the other staff contracts; administrators and owners only.

export const STAFF_PAYMENTS_PAGE_SIZE = 20;
export const PURCHASE_STATUSES = ["pending", "paid", "failed", "canceled", "refunded", "disputed"] as const;
export type TPurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** How a purchase was paid: the three providers, in game with ::store, or recorded by staff. */
export const PURCHASE_PROVIDERS = ["stripe", "paypal", "coinbase", "ingame", "manual"] as const;
export type TPurchaseProvider = (typeof PURCHASE_PROVIDERS)[number];
export const EVENT_PROVIDERS = ["stripe", "paypal", "coinbase"] as const;
export const EVENT_STATES = ["failed", "applied"] as const;
export type TEventState = (typeof EVENT_STATES)[number];

export const ZStaffWebhookEvent = z.object({
  id: z.number().int().describe("Stored event id (webhook_events.id): what re-apply takes"),
  provider: z.enum([...EVENT_PROVIDERS, "local"]).describe("stripe, paypal or coinbase (local is in the database's list but nothing stores it)"),
  eventId: z.string().describe("The provider's own event id"),
  type: z.string().describe("The provider's event type, e.g. payment_intent.succeeded"),
  receivedAt: z.string().describe("ISO 8601"),
  processedAt: z.string().nullable().describe("ISO 8601: when it was last settled (at arrival, or by a re-apply)"),
  applied: z.boolean().describe("Settled without an error (an event type with no effect counts as applied)"),
  error: z.string().nullable().describe("Why it was not applied, or null"),
  signature: z
    .enum(["verified", "capture-answer"])
    .describe(
      "verified: a webhook whose signature was checked on arrival (events failing the check are answered 400 and never stored); capture-answer: the answer to our own PayPal capture call, which carries no signature",
    ),
  purchaseId: z.number().int().nullable().describe("The purchase settling found for it, or null"),
  payload: z.unknown().describe("The event exactly as the provider sent it (for a capture answer, PayPal's capture)"),
});
export type TStaffWebhookEvent = z.infer<typeof ZStaffWebhookEvent>;

export const ZStaffPurchase = z.object({
  id: z.number().int(),
  player: z.object({ id: z.number().int(), username: z.string() }),
  provider: z.enum(PURCHASE_PROVIDERS),
  status: z.enum(PURCHASE_STATUSES),
  credits: z.number().int(),
  bonusCredits: z.number().int(),
  amountCents: z.number().int().describe("The price the purchase was made at, in cents of `currency`"),
  currency: z.string(),
  providerRef: z.string().nullable().describe("The provider's id for the payment (PaymentIntent, PayPal order, Coinbase charge)"),
  deliverInGame: z.boolean().describe("Credits handed over in game (::store) instead of the website balance"),
  createdAt: z.string().describe("ISO 8601"),
  paidAt: z.string().nullable().describe("ISO 8601"),
  events: z.array(ZStaffWebhookEvent).describe("Every stored provider event settling tied to this purchase, oldest first"),
});
export type TStaffPurchase = z.infer<typeof ZStaffPurchase>;

export const ZStaffPaymentsQuery = ZPageQuery.extend({
  status: z
    .enum(PURCHASE_STATUSES, { error: `Status must be one of ${PURCHASE_STATUSES.join(", ")}.` })
    .optional()
    .describe(`Only purchases in this status: one of ${PURCHASE_STATUSES.join(", ")}`),
  provider: z
    .enum(PURCHASE_PROVIDERS, { error: `Provider must be one of ${PURCHASE_PROVIDERS.join(", ")}.` })
    .optional()
    .describe(`Only purchases paid this way: one of ${PURCHASE_PROVIDERS.join(", ")}`),
});

export const ZStaffEventsQuery = ZPageQuery.extend({
  state: z
    .enum(EVENT_STATES, { error: "State must be failed or applied." })
    .optional()
    .describe("failed: events that were not applied (the default on the staff page); applied: the rest. Absent: all"),
  provider: z
    .enum(EVENT_PROVIDERS, { error: `Provider must be one of ${EVENT_PROVIDERS.join(", ")}.` })
    .optional()
    .describe(`Only this provider's events: one of ${EVENT_PROVIDERS.join(", ")}`),
});

export const REAPPLY_OUTCOMES = ["applied", "no-effect", "already-applied"] as const;
export const ZReapplyResult = z.object({
  outcome: z
    .enum(REAPPLY_OUTCOMES)
    .describe(
      "applied: settled now; no-effect: settled now, but it had nothing left to do (e.g. the purchase was paid meanwhile); already-applied: it had been applied before (by an earlier re-apply), nothing changed",
    ),
  event: ZStaffWebhookEvent,
  purchase: z
    .object({ id: z.number().int(), status: z.enum(PURCHASE_STATUSES) })
    .nullable()
    .describe("The purchase afterwards"),
  player: z
    .object({ id: z.number().int(), username: z.string(), storeCredits: z.number().int(), totalSpentCents: z.number().int(), memberRank: z.string() })
    .nullable()
    .describe("The purchase's player afterwards: balance, total spent and donator rank"),
});
export type TReapplyResult = z.infer<typeof ZReapplyResult>;

// ── operations ──
const TAG = "Staff: payments";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const listStaffPaymentsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/payments",
  summary: `Credit purchases with their provider events, newest first, ${STAFF_PAYMENTS_PAGE_SIZE} per page (administrator)`,
  tag: TAG,
  auth: "administrator",
  query: ZStaffPaymentsQuery,
  responses: { 200: { description: "A page of purchases", schema: zPaged(ZStaffPurchase) }, ...errors },
});

export const listWebhookEventsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/payments/events",
  summary: `Stored provider events, newest first, ${STAFF_PAYMENTS_PAGE_SIZE} per page (administrator)`,
  description:
    "Only verified events are stored: a webhook whose signature fails is answered 400 and kept nowhere, so every event here passed its check (or is our own PayPal capture answer).",
  tag: TAG,
  auth: "administrator",
  query: ZStaffEventsQuery,
  responses: { 200: { description: "A page of events", schema: zPaged(ZStaffWebhookEvent) }, ...errors },
});

export const reapplyWebhookEventOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/payments/events/{id}/reapply",
  summary: "Settle again a stored provider event that was not applied, after fixing its cause (administrator)",
  description:
    "Runs the event through the same settlement as on arrival, so it credits at most once (fixed ledger keys per purchase) and moves total spent and donator rank; audited with the reason. " +
    "An event already applied answers 200 with outcome already-applied and changes nothing. An event the settlement still refuses answers 409 with the reason, and nothing changes.",
  tag: TAG,
  auth: "administrator",
  params: z.object({ id: zId({ description: "Stored webhook event id (webhook_events.id)" }) }),
  body: ZStaffReasonInput,
  responses: {
    200: { description: "Applied now, or already applied before", schema: ZReapplyResult },
    ...errors,
    404: { description: "No such event", schema: ZErrorBody },
    409: {
      description: "The settlement still refuses it, e.g. the credits would still take the balance past 2,147,483,647 (the reason is in details)",
      schema: ZErrorBody,
    },
  },
});

export const staffPaymentOperations = [listStaffPaymentsOp, listWebhookEventsOp, reapplyWebhookEventOp];
