import { z } from "zod";
import { defineOperation, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";
import { ZStaffReasonInput } from "./staff-reason";

// Contracts of the staff console's payments area: credit purchases with the provider
// events stored for each, and re-applying an event that was not applied. Our own API, camelCase
// like the other staff contracts; administrators and owners only.

export const STAFF_PAYMENTS_PAGE_SIZE = 20;
export const PURCHASE_STATUSES = ["pending", "paid", "failed", "canceled", "expired", "refunded", "disputed"] as const;
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

export const ZPlayerRisk = z.object({
  payments: z.number().int().describe("Purchases paid (whatever happened to them later: paid, refunded or disputed)"),
  paidCents: z.number().int().describe("Their amount, in cents"),
  refunds: z.number().int().describe("Purchases refunded"),
  refundedCents: z.number().int().describe("Their amount, in cents"),
  disputes: z.number().int().describe("Purchases disputed (chargebacks), however they ended"),
  disputesOpen: z.number().int().describe("Disputes not decided yet: each holds the player's store spending"),
  disputesWon: z.number().int(),
  disputesLost: z.number().int(),
  chargebackRate: z.number().nullable().describe("disputes / payments, 0 to 1; null before any payment"),
  spendingHold: z.boolean().describe("Store spending on hold (an open dispute)"),
});
export type TPlayerRisk = z.infer<typeof ZPlayerRisk>;

export const DISPUTE_STATES = ["open", "won", "lost", "closed"] as const;
export const ZPurchaseDispute = z
  .object({
    state: z.enum(DISPUTE_STATES).describe("open until decided; won or lost; closed: ended with no decision recorded (a refund)"),
    openedAt: z.string().describe("ISO 8601"),
    closedAt: z.string().nullable().describe("ISO 8601"),
  })
  .nullable()
  .describe("The payment's dispute (chargeback), or null");

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
  dispute: ZPurchaseDispute,
  risk: ZPlayerRisk.describe("The player's payment risk: every purchase of theirs, not only this page's"),
});
export type TStaffPurchase = z.infer<typeof ZStaffPurchase>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MESSAGE = "Must be a day as YYYY-MM-DD.";
const zDay = (what: string) =>
  z
    .string()
    .regex(DAY, DAY_MESSAGE)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), DAY_MESSAGE)
    .optional()
    .describe(`${what} (UTC), YYYY-MM-DD`);
export const SEARCH_MAX = 100;

/** The filters the list and its CSV export share. */
const paymentFilters = {
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX, `At most ${SEARCH_MAX} characters.`)
    .optional()
    .describe(
      "Search: a player's username (its start, any case), a provider transaction id (the purchase's providerRef, exact), or an order number (the purchase id, with or without '#' or a prefix such as ORD-)",
    ),
  from: zDay("Created on or after this day"),
  to: zDay("Created on or before this day"),
  status: z
    .enum(PURCHASE_STATUSES, { error: `Status must be one of ${PURCHASE_STATUSES.join(", ")}.` })
    .optional()
    .describe(`Only purchases in this status: one of ${PURCHASE_STATUSES.join(", ")}`),
  provider: z
    .enum(PURCHASE_PROVIDERS, { error: `Provider must be one of ${PURCHASE_PROVIDERS.join(", ")}.` })
    .optional()
    .describe(`Only purchases paid this way: one of ${PURCHASE_PROVIDERS.join(", ")}`),
};
const rangeInOrder = (v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be on or after the first day." });
};
export const ZStaffPaymentsQuery = ZPageQuery.extend(paymentFilters).superRefine(rangeInOrder);
export const ZStaffPaymentsExportQuery = z.object(paymentFilters).superRefine(rangeInOrder);
export type TStaffPaymentFilters = Omit<z.output<typeof ZStaffPaymentsExportQuery>, never>;

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

/** The CSV export's columns, in order (lib/server/payments/export-staff-payments.ts writes them). */
export const PAYMENTS_CSV_COLUMNS = [
  "order",
  "created_at",
  "paid_at",
  "player_id",
  "player",
  "method",
  "status",
  "amount",
  "currency",
  "credits",
  "bonus_credits",
  "provider_ref",
  "in_game",
  "dispute",
  "dispute_opened_at",
  "dispute_closed_at",
] as const;

export const exportStaffPaymentsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/payments/export",
  summary: "Credit purchases as CSV, with the list's filters, newest first (administrator)",
  description:
    `text/csv (UTF-8, CRLF lines), streamed: a header row (${PAYMENTS_CSV_COLUMNS.join(", ")}) and one row per purchase matching the filters, every page of them. ` +
    "Amounts in the currency's units (50.00); times ISO 8601 UTC. A text cell starting with =, +, -, @, a tab or a carriage return is prefixed with ' so a spreadsheet does not run it as a formula.",
  tag: TAG,
  auth: "administrator",
  query: ZStaffPaymentsExportQuery,
  responses: { 200: { description: "CSV (text/csv), as an attachment" }, ...errors },
});

export const getPlayerRiskOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players/{id}/risk",
  summary: "A player's payment risk: payments, refunds, disputes, chargeback rate and the spending hold (administrator)",
  tag: TAG,
  auth: "administrator",
  staffTarget: { in: "path-player", reach: "read" },
  params: z.object({ id: zId({ description: "Player id" }) }),
  responses: {
    200: { description: "The figures", schema: ZPlayerRisk },
    403: { description: "The player is out of your reach (a rank at or above yours)", schema: ZErrorBody },
    404: { description: "No such player", schema: ZErrorBody },
  },
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

export const staffPaymentOperations = [listStaffPaymentsOp, exportStaffPaymentsOp, getPlayerRiskOp, listWebhookEventsOp, reapplyWebhookEventOp];
