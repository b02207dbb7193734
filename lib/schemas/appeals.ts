import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody } from "./api";
import { ZEmail } from "./accounts";
import { COMMENT_MAX, TICKET_TYPE_LABELS, ZTicketComment } from "./tickets";

// Ban appeals and account recovery without signing in (docs/staff.md, "Appeals and account
// recovery"): the public form at /appeal, and the emailed link's read and reply. The form's
// answer is the same whether or not the username and email match an account.

export const APPEAL_TYPES = ["BAN_APPEAL", "ACCOUNT_RECOVERY"] as const;
export type TAppealType = (typeof APPEAL_TYPES)[number];
export const APPEAL_MESSAGE_MAX = 5000;
/** How long the emailed link opens the appeal's ticket. */
export const APPEAL_LINK_DAYS = 30;

export const APPEAL_SENT =
  "Thank you. If the username and email match an account, we have emailed that address a link to follow your request and answer staff. Check your inbox (and spam folder).";
export const APPEAL_LINK_INVALID = "This link is not valid or has expired. Send a new request from the appeal page.";

export const ZAppealInput = z.object({
  type: z
    .enum(APPEAL_TYPES, { error: (iss) => (iss.input === undefined || iss.input === "" ? REQUIRED : "Choose ban appeal or account recovery.") })
    .describe(`${APPEAL_TYPES.join(" or ")}: ${APPEAL_TYPES.map((t) => TICKET_TYPE_LABELS[t]).join(", ")}`),
  username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64).describe("The account's username"),
  email: ZEmail.describe("The account's email address: the link is sent there, and only when it matches"),
  message: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(APPEAL_MESSAGE_MAX, `The message is at most ${APPEAL_MESSAGE_MAX.toLocaleString("en-US")} characters.`)
    .describe("What staff should know"),
  captchaToken: z.string({ error: REQUIRED }).max(20_000).describe("Human-verification token (ALTCHA payload, Turnstile or hCaptcha response)"),
});
export type TAppealInput = z.output<typeof ZAppealInput>;

const ZToken = z.string({ error: REQUIRED }).min(1, APPEAL_LINK_INVALID).max(200, APPEAL_LINK_INVALID).describe("The token from the emailed link");
export const ZAppealTokenInput = z.object({ token: ZToken });
export const ZAppealCommentInput = z.object({
  token: ZToken,
  content: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(COMMENT_MAX, `A reply is at most ${COMMENT_MAX.toLocaleString("en-US")} characters.`)
    .describe(`The reply, 1–${COMMENT_MAX} characters`),
});

const ZAppealComment = ZTicketComment.omit({ attachments: true });
export const ZAppealTicket = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(APPEAL_TYPES),
  type_label: z.string(),
  description: z.string(),
  user: z.string().describe("The account's username"),
  created: z.string(),
  updated: z.string(),
  closed: z.boolean(),
  comments: z.array(ZAppealComment),
});
export type TAppealTicket = z.infer<typeof ZAppealTicket>;
export type TAppealComment = z.infer<typeof ZAppealComment>;

// ── operations ──
const TAG = "Tickets";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const invalidLink = { 404: { description: "The link is not valid or has expired", schema: ZErrorBody } };

export const openAppealOp = defineOperation({
  method: "POST",
  path: "/api/v1/appeals",
  summary: "Appeal a ban or ask for account recovery without signing in (same answer whether or not the account exists)",
  tag: TAG,
  auth: "none",
  rateLimited: true,
  body: ZAppealInput,
  description:
    "When the username and email match an account, a ticket of that type is opened on it and the address is emailed a link to read and answer it. Otherwise nothing is written; the answer is the same.",
  responses: { 200: { description: "Accepted", schema: z.object({ details: z.string() }) }, ...errors },
});
export const appealTicketOp = defineOperation({
  method: "POST",
  path: "/api/v1/appeals/ticket",
  summary: "Read the ticket an emailed appeal link opens",
  tag: TAG,
  auth: "none",
  rateLimited: true,
  body: ZAppealTokenInput,
  description: "The token travels in the body, not the address, so it stays out of logs.",
  responses: { 200: { description: "The ticket", schema: ZAppealTicket }, ...errors, ...invalidLink },
});
export const appealCommentOp = defineOperation({
  method: "POST",
  path: "/api/v1/appeals/comments",
  summary: "Answer on the ticket an emailed appeal link opens",
  tag: TAG,
  auth: "none",
  rateLimited: true,
  body: ZAppealCommentInput,
  responses: {
    201: { description: "The reply", schema: ZAppealComment },
    ...errors,
    ...invalidLink,
    409: { description: "The ticket is closed", schema: ZErrorBody },
  },
});

export const appealOperations = [openAppealOp, appealTicketOp, appealCommentOp];
