import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, zPatch } from "./api";
import { zId } from "./ids";
import { COUPON_CODE_RE } from "./staff-store";

// Contracts of creator codes (docs/store.md, "Creator codes"): staff making, pausing and paying out
// codes, and the creator's own dashboard. Our own API (docs/product.md has no creator codes),
// camelCase like the staff store. Money is in US cents.

const percent = (label: string, min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : `${label} must be a whole number from ${min} to ${max}.`) })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be a whole number from ${min} to ${max}.`)
    .max(max, `${label} must be a whole number from ${min} to ${max}.`);

const creatorCodeFields = {
  code: z
    .string({ error: REQUIRED })
    .trim()
    .regex(COUPON_CODE_RE, "A code is 3 to 32 letters, digits, - or _.")
    .transform((c) => c.toUpperCase())
    .describe("Case-insensitive; stored upper case; unique among creator codes"),
  username: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(12, "Usernames are at most 12 characters.")
    .describe("The creator's account (under the staff rule: not your own, and only a rank below yours)"),
  bonusPercent: percent("The buyer's bonus", 0, 100).describe("The buyer's bonus: percent of the package's credits, given as bonus credits"),
  sharePercent: percent("The creator's share", 0, 100).describe("The creator's share: percent of the amount paid after discounts (US cents)"),
  active: z.boolean({ error: "Active must be true or false." }).describe("Paused codes (false) are refused at checkout"),
};
export const ZCreatorCodeInput = z.object({ ...creatorCodeFields, active: creatorCodeFields.active.default(true) });
export const ZCreatorCodePatch = zPatch(
  z.object({ bonusPercent: creatorCodeFields.bonusPercent, sharePercent: creatorCodeFields.sharePercent, active: creatorCodeFields.active }),
);

const ZCreatorTotals = {
  uses: z.number().int().describe("Paid purchases made with the code (refunded ones included)"),
  revenueCents: z.number().int().describe("What those purchases paid, refunds and lost disputes left out"),
  pendingCents: z.number().int().describe("Shares still in their hold"),
  payableCents: z.number().int().describe("Shares past their hold, not paid yet, their payment not disputed"),
  paidCents: z.number().int().describe("Shares paid out"),
  reversedCents: z.number().int().describe("Shares paid out, then refunded or charged back, not yet subtracted from a payout"),
};
export const ZStaffCreatorCode = z.object({
  id: z.number().int(),
  code: z.string(),
  username: z.string(),
  bonusPercent: z.number().int(),
  sharePercent: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  ...ZCreatorTotals,
});
export type TStaffCreatorCode = z.infer<typeof ZStaffCreatorCode>;

export const ZCreatorPayInput = z.object({
  reference: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(200, "The reference is at most 200 characters.")
    .describe("Where the money went (a transfer id, an invoice): kept on the payout and in the audit log"),
});
export const ZCreatorPayout = z.object({
  id: z.number().int(),
  code: z.string(),
  amountCents: z.number().int().describe("Payable shares paid, minus reversed shares subtracted"),
  sharesPaid: z.number().int(),
  reversalsSubtracted: z.number().int(),
  reference: z.string(),
  createdAt: z.string(),
});
export type TCreatorPayout = z.infer<typeof ZCreatorPayout>;

export const ZCreatorUse = z.object({
  code: z.string(),
  paidAt: z.string().describe("When the buyer paid (no buyer names are shown)"),
  paidCents: z.number().int(),
  shareCents: z.number().int(),
  status: z.enum(["pending", "payable", "paid", "cancelled", "reversed"]),
  payableAt: z.string(),
});
export const ZCreatorDashboard = z.object({
  codes: z.array(
    z.object({
      code: z.string(),
      bonusPercent: z.number().int(),
      sharePercent: z.number().int(),
      active: z.boolean(),
      ...ZCreatorTotals,
    }),
  ),
  recent: z.array(ZCreatorUse).describe("The latest 20 uses of your codes, newest first"),
  holdDays: z.number().int().describe("Days a share is held before it can be paid out"),
});
export type TCreatorDashboard = z.infer<typeof ZCreatorDashboard>;

const TAG = "Staff store";
const ZIdParams = z.object({ id: zId({ description: "Creator code id" }) });
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such creator code", schema: ZErrorBody } };

export const listCreatorCodesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/creator-codes",
  summary: "Every creator code with its uses and shares, newest first",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Creator codes", schema: z.object({ results: z.array(ZStaffCreatorCode) }) } },
});
export const createCreatorCodeOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/creator-codes",
  summary: "Create a creator code for a player",
  tag: TAG,
  auth: "administrator",
  body: ZCreatorCodeInput,
  staffTarget: { in: "body-username", reach: "act" },
  responses: {
    201: { description: "Created", schema: ZStaffCreatorCode },
    ...errors,
    403: { description: "The account is out of this member of staff's reach (their own, or a rank at or above theirs)", schema: ZErrorBody },
  },
});
export const updateCreatorCodeOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/creator-codes/{id}",
  summary: "Pause or resume a creator code, or change its percentages (later purchases only)",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZCreatorCodePatch,
  responses: { 200: { description: "Updated", schema: ZStaffCreatorCode }, ...errors, ...notFound },
});
export const payCreatorCodeOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/creator-codes/{id}/pay",
  summary: "Mark a creator code's payable shares paid (the money was sent outside the site)",
  description:
    "One payout: every share past its hold, not cancelled, not paid, whose payment is still PAID, minus the shares reversed since the last payout (paid out, then refunded or charged back). A 409 when there is nothing to pay or the reversals exceed it (they wait for the next payout).",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZCreatorPayInput,
  responses: {
    200: { description: "Paid", schema: ZCreatorPayout },
    ...errors,
    403: { description: "The creator's account is out of this member of staff's reach (their own, or a rank at or above theirs)", schema: ZErrorBody },
    ...notFound,
    409: { description: "Nothing payable, or the reversals exceed what is payable", schema: ZErrorBody },
  },
});
export const creatorDashboardOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/creator",
  summary: "Your creator codes: uses, revenue, shares pending, payable and paid, and the latest uses",
  description: "Only the codes that are yours; a player without one gets an empty list. Buyers are never named.",
  tag: "Accounts",
  auth: "user",
  responses: { 200: { description: "Your dashboard", schema: ZCreatorDashboard } },
});

export const creatorCodeOperations = [listCreatorCodesOp, createCreatorCodeOp, updateCreatorCodeOp, payCreatorCodeOp, creatorDashboardOp];
