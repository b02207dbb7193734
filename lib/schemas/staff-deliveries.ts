import { z } from "zod";
import { defineOperation, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { DELIVERY_KINDS, ZDeliveryBlocked } from "./game";
import { zId } from "./ids";
import { ZStaffReasonInput } from "./staff-reason";

// Contracts of the staff console's deliveries area: what the game owes players,
// re-sending an item that never arrived, canceling one not handed over yet. Our own API,
// camelCase like the other staff contracts; administrators and owners only.

export const STAFF_DELIVERIES_PAGE_SIZE = 25;
export const DELIVERY_STATES = ["pending", "leased", "delivered", "canceled"] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

export const ZStaffDelivery = z.object({
  id: z.number().int(),
  player: z.object({ id: z.number().int(), username: z.string() }),
  kind: z.enum(DELIVERY_KINDS),
  status: z.enum(DELIVERY_STATES),
  leasedUntil: z.string().nullable().describe("ISO 8601: when the current or last lease ends"),
  leaseExpired: z.boolean().describe("Leased, but the lease ran out without an ack: the next claim hands it out again"),
  attempts: z.number().int().describe("How many claims have handed it out"),
  createdAt: z.string().describe("ISO 8601"),
  deliveredAt: z.string().nullable().describe("ISO 8601: when the game acknowledged it"),
  blocked: ZDeliveryBlocked,
  payload: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).describe("What the game receives (as in the claim answer)"),
  storeOrderId: z.number().int().nullable().describe("The store order it comes from (bought with credits)"),
  creditPurchaseId: z.number().int().nullable().describe("The credit purchase it comes from (bought through ::store)"),
  voteId: z.number().int().nullable().describe("The vote it rewards"),
  resentFromId: z.number().int().nullable().describe("For a re-sent copy: the delivery it copies"),
  resendRootId: z
    .number()
    .int()
    .nullable()
    .describe("For a re-sent copy: the first delivery of its chain, the one with the order, purchase or vote (copies of copies name it too)"),
  resentIds: z.array(z.number().int()).describe("Copies re-sent from this delivery"),
  refundCredits: z.number().int().nullable().describe("Credits canceling it would refund (store items bought with credits), or null"),
  canCancel: z.boolean().describe("Not handed to the game (pending, or its lease ran out), and its player within the viewer's reach (the staff rule)"),
  canResend: z
    .boolean()
    .describe(
      "Its player within the viewer's reach (the staff rule), delivered, no copy of its chain still waiting, and the purchase behind the chain (if any) not refunded, disputed or canceled",
    ),
});
export type TStaffDelivery = z.infer<typeof ZStaffDelivery>;

export const ZStaffDeliveriesQuery = ZPageQuery.extend({
  state: z
    .enum(DELIVERY_STATES, { error: `State must be one of ${DELIVERY_STATES.join(", ")}.` })
    .optional()
    .describe(`Only deliveries in this state: one of ${DELIVERY_STATES.join(", ")}`),
  player: z
    .string()
    .trim()
    .max(12, "Usernames are at most 12 characters.")
    .optional()
    .describe("Only this player's deliveries (their username, in any case; empty: everyone)"),
});

export const ZResendResult = z.object({ delivery: ZStaffDelivery.describe("The new copy, pending for the game's next claim"), original: ZStaffDelivery });
export type TResendResult = z.infer<typeof ZResendResult>;

export const ZCancelResult = z.object({
  outcome: z.enum(["canceled", "already-canceled"]).describe("already-canceled: it was canceled before, nothing changed"),
  delivery: ZStaffDelivery,
  refundedCredits: z.number().int().describe("Credits returned to the player's balance by this call (0 when none)"),
});
export type TCancelResult = z.infer<typeof ZCancelResult>;

// ── operations ──
const TAG = "Staff: deliveries";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const ZIdParams = z.object({ id: zId({ description: "Delivery id" }) });
const notFound = { 404: { description: "No such delivery", schema: ZErrorBody } };

export const listStaffDeliveriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/deliveries",
  summary: `Deliveries owed to players in game, newest first, ${STAFF_DELIVERIES_PAGE_SIZE} per page (administrator)`,
  tag: TAG,
  auth: "administrator",
  query: ZStaffDeliveriesQuery,
  responses: { 200: { description: "A page of deliveries", schema: zPaged(ZStaffDelivery) }, ...errors },
});

export const resendDeliveryOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/deliveries/{id}/resend",
  summary: "Send a delivered item again, as a new delivery linked to the original (administrator)",
  description:
    "For an item the player says never arrived. The copy is pending and reaches the game through the normal claim, once. Only a delivered delivery can be re-sent. A copy can be re-sent too; the rule is its chain's (the original and every copy of it, copies of copies included): 409 while any copy of the chain still waits for the game, or when the purchase behind the chain was refunded, disputed or canceled. Audited with the reason.",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  staffTarget: { in: "path-delivery", reach: "act" },
  body: ZStaffReasonInput,
  responses: {
    201: { description: "The copy was queued", schema: ZResendResult },
    ...errors,
    403: { description: "The delivery is the actor's own, or of a rank at or above theirs (the staff rule)", schema: ZErrorBody },
    ...notFound,
    409: {
      description:
        "Not delivered, a copy of its chain still waits, the purchase behind the chain was refunded, disputed or canceled, or its stored payload fits no delivery kind's shape",
      schema: ZErrorBody,
    },
  },
});

export const cancelDeliveryOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/deliveries/{id}/cancel",
  summary: "Cancel a delivery the game has not been handed, refunding credits spent on it (administrator)",
  description:
    "Only a pending delivery (or one whose lease ran out) can be canceled; a delivery leased to the game right now or delivered answers 409. A store item bought with credits refunds them to the player's balance, once. Canceling again answers already-canceled and changes nothing. Audited with the reason.",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  staffTarget: { in: "path-delivery", reach: "act" },
  body: ZStaffReasonInput,
  responses: {
    200: { description: "Canceled now, or before", schema: ZCancelResult },
    ...errors,
    403: { description: "The delivery is the actor's own, or of a rank at or above theirs (the staff rule)", schema: ZErrorBody },
    ...notFound,
    409: { description: "Leased to the game or delivered, or the refund would take the balance past 2,147,483,647 credits", schema: ZErrorBody },
  },
});

export const staffDeliveryOperations = [listStaffDeliveriesOp, resendDeliveryOp, cancelDeliveryOp];
