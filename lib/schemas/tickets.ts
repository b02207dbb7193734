import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";

// Contracts of support tickets (docs/product.md §2 "Support tickets", §3 Ticket / Ticket comment, §4,
// §7): the caller's tickets, one ticket with its comments, opening, replying, and staff
// open/close plus the staff queue (our own route, moderator and up).

export const TICKET_TYPES = ["IN_GAME_SUPPORT", "WEBSITE_SUPPORT", "GENERAL_INQUIRY", "REPORT_BUG", "REPORT_PLAYER", "RSGP_STORE_PURCHASES"] as const;
export type TTicketType = (typeof TICKET_TYPES)[number];

/** docs/product.md §3 labels, exactly. */
export const TICKET_TYPE_LABELS: Record<TTicketType, string> = {
  IN_GAME_SUPPORT: "In-game Support",
  WEBSITE_SUPPORT: "Website Support",
  GENERAL_INQUIRY: "General Inquiry",
  REPORT_BUG: "Report Bug",
  REPORT_PLAYER: "Report Player",
  RSGP_STORE_PURCHASES: "RSGP Store Purchases",
};

export const isTicketType = (v: unknown): v is TTicketType => typeof v === "string" && (TICKET_TYPES as readonly string[]).includes(v);

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 5000;
export const TICKETS_PAGE_SIZE = 20;

export const TYPE_MESSAGE = `Choose a ticket type: ${Object.values(TICKET_TYPE_LABELS).join(", ")}.`;
/** docs/product.md §2 My Tickets empty texts. */
export const NO_OPEN_TICKETS = "No open tickets found.";
export const NO_CLOSED_TICKETS = "No closed tickets found.";
export const TICKET_CLOSED_MESSAGE = "This ticket is closed. If you still need help, please open a new ticket.";

const text = (label: string, max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `${label} is at most ${max.toLocaleString("en-US")} characters.`);

/** The type as its code (IN_GAME_SUPPORT) or its exact label in docs/product.md §3 ('In-game Support'). */
const ZTicketTypeInput = z
  .enum([...TICKET_TYPES, ...Object.values(TICKET_TYPE_LABELS)], { error: (iss) => (iss.input === undefined || iss.input === "" ? REQUIRED : TYPE_MESSAGE) })
  .transform((v) => (isTicketType(v) ? v : (Object.entries(TICKET_TYPE_LABELS).find(([, label]) => label === v)![0] as TTicketType)))
  .describe(`Ticket type: one of ${TICKET_TYPES.join(", ")} (the label, e.g. 'In-game Support', is accepted too)`);

export const ZCreateTicketInput = z.object({
  type: ZTicketTypeInput,
  title: text("The title", TITLE_MAX).describe(`Short summary, 1–${TITLE_MAX} characters`),
  description: text("The description", DESCRIPTION_MAX).describe(`What happened, 1–${DESCRIPTION_MAX} characters`),
  purchase: zId({ description: "Optional: id of one of your credit purchases (GET /api/v1/store/purchases) this ticket is about" }).optional(),
  order: zId({ description: "Optional: id of one of your store orders this ticket is about" }).optional(),
  vote: zId({ description: "Optional: id of one of your votes this ticket is about" }).optional(),
});

export const ZCreateCommentInput = z.object({
  ticket: zId({ description: "Ticket id" }),
  content: text("A reply", COMMENT_MAX).describe(`The reply, 1–${COMMENT_MAX} characters`),
});

export const ZTicketPatch = z.object({
  closed: z
    .boolean({ error: (iss) => (iss.input === undefined ? REQUIRED : "Closed must be true or false.") })
    .describe("true closes the ticket, false opens it again"),
});

export const ZTicketComment = z.object({
  id: z.number().int(),
  content: z.string(),
  user: z.string().describe("Author's username"),
  date: z.string().describe("ISO 8601"),
  staff: z.boolean().describe("Written by staff: labelled 'Staff'"),
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

export const ZTicketContext = z.object({
  purchase: z
    .object({
      id: z.number().int(),
      credits: z.number().int(),
      bonusCredits: z.number().int(),
      price: z.number().describe("US dollars"),
      method: z.string(),
      status: z.string(),
      time: z.string(),
    })
    .nullable()
    .describe("The credit purchase the player linked, or null"),
  order: z
    .object({
      id: z.number().int(),
      product: z.string(),
      priceCredits: z.number().int(),
      quantity: z.number().int(),
      time: z.string(),
      delivery: z.string().nullable().describe("Game delivery status, or null"),
    })
    .nullable()
    .describe("The store order the player linked, or null"),
  vote: z
    .object({ id: z.number().int(), site: z.string(), time: z.string(), delivery: z.string().nullable() })
    .nullable()
    .describe("The vote the player linked, or null"),
});
export type TTicketContext = z.infer<typeof ZTicketContext>;

const ticketFields = {
  id: z.number().int(),
  title: z.string(),
  type: z.enum(TICKET_TYPES).describe("Type code"),
  type_label: z.string().describe("The type as shown, e.g. 'In-game Support'"),
  description: z.string(),
  user: z.string().describe("Creator's username"),
  created: z.string().describe("ISO 8601"),
  updated: z.string().describe("ISO 8601: last reply or status change"),
  closed: z.boolean(),
};
export const ZTicketSummary = z.object({
  ...ticketFields,
  last_reply: z.object({ user: z.string(), staff: z.boolean(), date: z.string() }).nullable().describe("Who replied last, or null without replies"),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;
export const ZTicket = z.object({ ...ticketFields, comments: z.array(ZTicketComment), context: ZTicketContext });
export type TTicket = z.infer<typeof ZTicket>;

const ZStatus = z.enum(["open", "closed"], { error: "Status must be open or closed." });
export const ZTicketListQuery = ZPageQuery.extend({ status: ZStatus.optional().describe("Only open or only closed tickets") });
export const ZStaffQueueQuery = ZTicketListQuery.extend({
  type: z.enum(TICKET_TYPES, { error: TYPE_MESSAGE }).optional().describe("Only tickets of this type"),
});
export type TStaffQueueQuery = z.output<typeof ZStaffQueueQuery>;

// ── operations ──
const TAG = "Tickets";
const ZIdParams = z.object({ id: zId({ description: "Ticket id" }) });
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such ticket, or not yours (answered alike)", schema: ZErrorBody } };

export const listTicketsOp = defineOperation({
  method: "GET",
  path: "/api/v1/tickets",
  summary: `Your tickets, most recently updated first, ${TICKETS_PAGE_SIZE} per page`,
  tag: TAG,
  auth: "user",
  query: ZTicketListQuery,
  responses: { 200: { description: "A page of tickets", schema: zPaged(ZTicketSummary) }, ...errors },
});
export const createTicketOp = defineOperation({
  method: "POST",
  path: "/api/v1/tickets",
  summary: "Open a support ticket",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZCreateTicketInput,
  description: "`purchase`, `order` and `vote` optionally link one of your own records for staff to see beside the ticket; someone else's is a field error.",
  responses: { 201: { description: "Opened", schema: ZTicket }, ...errors },
});
export const getTicketOp = defineOperation({
  method: "GET",
  path: "/api/v1/tickets/{id}",
  summary: "One ticket with its comments (yours; staff: any)",
  tag: TAG,
  auth: "user",
  params: ZIdParams,
  responses: { 200: { description: "The ticket", schema: ZTicket }, ...notFound },
});
export const updateTicketOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/tickets/{id}",
  summary: "Close or open a ticket again (staff)",
  tag: TAG,
  auth: "user",
  params: ZIdParams,
  body: ZTicketPatch,
  description:
    "Staff only (moderator and up). A player gets 404 for a ticket that is not theirs, like a missing one, and 403 for their own. A real change is audited and the player is emailed.",
  responses: {
    200: { description: "The ticket after the change", schema: ZTicket },
    ...errors,
    403: { description: "Not staff", schema: ZErrorBody },
    ...notFound,
  },
});
export const createCommentOp = defineOperation({
  method: "POST",
  path: "/api/v1/tickets/comments",
  summary: "Reply to an open ticket",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZCreateCommentInput,
  description: "Staff replies are marked staff and email the player. A closed ticket refuses replies with 409: open a new ticket.",
  responses: {
    201: { description: "The comment", schema: ZTicketComment },
    ...errors,
    ...notFound,
    409: { description: "The ticket is closed", schema: ZErrorBody },
  },
});
export const staffQueueOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/tickets",
  summary: `Every ticket, oldest waiting first, ${TICKETS_PAGE_SIZE} per page (staff)`,
  tag: TAG,
  auth: "moderator",
  query: ZStaffQueueQuery,
  description: "Open tickets come first, the longest without an update first; closed ones after, most recently closed first.",
  responses: { 200: { description: "A page of tickets", schema: zPaged(ZTicketSummary) }, ...errors },
});

export const ticketOperations = [listTicketsOp, createTicketOp, getTicketOp, updateTicketOp, createCommentOp, staffQueueOp];
