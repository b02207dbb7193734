import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, ZPageQuery, zPaged, zPatch } from "./api";
import { zId } from "./ids";
import { ZAttachmentUploads, ZTicketAttachment } from "./ticket-attachments";

// Contracts of support tickets (docs/product.md §2 "Support tickets", §3 Ticket / Ticket comment, §4,
// §7): the caller's tickets, one ticket with its comments, opening, replying, and staff
// open/close plus the staff queue (our own route, moderator and up).

/** The types a signed-in player picks from (a muted player may still reply on a Mute Appeal: docs/staff.md, "Punishments"). */
export const PLAYER_TICKET_TYPES = [
  "IN_GAME_SUPPORT",
  "WEBSITE_SUPPORT",
  "GENERAL_INQUIRY",
  "REPORT_BUG",
  "REPORT_PLAYER",
  "RSGP_STORE_PURCHASES",
  "MUTE_APPEAL",
] as const;
/** Every type: the player's, and the two opened from /appeal without signing in (lib/schemas/appeals.ts). */
export const TICKET_TYPES = [...PLAYER_TICKET_TYPES, "BAN_APPEAL", "ACCOUNT_RECOVERY"] as const;
export type TTicketType = (typeof TICKET_TYPES)[number];
export type TPlayerTicketType = (typeof PLAYER_TICKET_TYPES)[number];

/** docs/product.md §3 labels, exactly. */
export const TICKET_TYPE_LABELS: Record<TTicketType, string> = {
  IN_GAME_SUPPORT: "In-game Support",
  WEBSITE_SUPPORT: "Website Support",
  GENERAL_INQUIRY: "General Inquiry",
  REPORT_BUG: "Report Bug",
  REPORT_PLAYER: "Report Player",
  RSGP_STORE_PURCHASES: "RSGP Store Purchases",
  MUTE_APPEAL: "Mute Appeal",
  BAN_APPEAL: "Ban Appeal",
  ACCOUNT_RECOVERY: "Account Recovery",
};

export const isTicketType = (v: unknown): v is TTicketType => typeof v === "string" && (TICKET_TYPES as readonly string[]).includes(v);

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const COMMENT_MAX = 5000;
export const TICKETS_PAGE_SIZE = 20;

export const TYPE_MESSAGE = `Choose a ticket type: ${PLAYER_TICKET_TYPES.map((t) => TICKET_TYPE_LABELS[t]).join(", ")}.`;
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
const PLAYER_TYPE_LABELS = PLAYER_TICKET_TYPES.map((t) => TICKET_TYPE_LABELS[t]);
const ZTicketTypeInput = z
  .enum([...PLAYER_TICKET_TYPES, ...PLAYER_TYPE_LABELS], { error: (iss) => (iss.input === undefined || iss.input === "" ? REQUIRED : TYPE_MESSAGE) })
  .transform((v) => PLAYER_TICKET_TYPES.find((t) => t === v || TICKET_TYPE_LABELS[t] === v)!)
  .describe(`Ticket type: one of ${PLAYER_TICKET_TYPES.join(", ")} (the label, e.g. 'In-game Support', is accepted too)`);

export const ZCreateTicketInput = z.object({
  type: ZTicketTypeInput,
  title: text("The title", TITLE_MAX).describe(`Short summary, 1–${TITLE_MAX} characters`),
  description: text("The description", DESCRIPTION_MAX).describe(`What happened, 1–${DESCRIPTION_MAX} characters`),
  purchase: zId({ description: "Optional: id of one of your credit purchases (GET /api/v1/store/purchases) this ticket is about" }).optional(),
  order: zId({ description: "Optional: id of one of your store orders this ticket is about" }).optional(),
  vote: zId({ description: "Optional: id of one of your votes this ticket is about" }).optional(),
  attachments: ZAttachmentUploads.optional(),
});

export const ZCreateCommentInput = z.object({
  ticket: zId({ description: "Ticket id" }),
  content: text("A reply", COMMENT_MAX).describe(`The reply, 1–${COMMENT_MAX} characters`),
  keep_open: z
    .boolean({ error: "Keep open must be true or false." })
    .optional()
    .describe("Staff only: the ticket stays open (waiting for staff) instead of waiting for the player. Ignored for players."),
  attachments: ZAttachmentUploads.optional(),
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
  attachments: z.array(ZTicketAttachment).describe("Images attached to this reply"),
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

/** Where a ticket stands (docs/support-desk.md): `closed` is true exactly when it is "closed". */
export const TICKET_STATES = ["open", "waiting_for_player", "closed"] as const;
export type TTicketState = (typeof TICKET_STATES)[number];
export const TICKET_STATE_LABELS: Record<TTicketState, string> = { open: "Open", waiting_for_player: "Waiting for player", closed: "Closed" };
export const TICKET_PRIORITIES = ["low", "normal", "high"] as const;
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_RATINGS = ["good", "okay", "bad"] as const;
export type TTicketRating = (typeof TICKET_RATINGS)[number];
export const TICKET_RATING_LABELS: Record<TTicketRating, string> = { good: "Good", okay: "Okay", bad: "Bad" };
export const isTicketRating = (v: unknown): v is TTicketRating => typeof v === "string" && (TICKET_RATINGS as readonly string[]).includes(v);

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
  state: z.enum(TICKET_STATES).describe("open: waiting for staff; waiting_for_player: staff answered; closed"),
};
export const ZTicketSummary = z.object({
  ...ticketFields,
  last_reply: z.object({ user: z.string(), staff: z.boolean(), date: z.string() }).nullable().describe("Who replied last, or null without replies"),
});
export type TTicketSummary = z.infer<typeof ZTicketSummary>;
export const ZTicket = z.object({
  ...ticketFields,
  comments: z.array(ZTicketComment),
  context: ZTicketContext,
  rating: z.enum(TICKET_RATINGS).nullable().describe("The player's rating of a closed ticket, or null"),
  attachments: z.array(ZTicketAttachment).describe("Images attached to the opening message"),
});
export type TTicket = z.infer<typeof ZTicket>;

const ZStatus = z.enum(["open", "closed"], { error: "Status must be open or closed." });
export const ZTicketListQuery = ZPageQuery.extend({ status: ZStatus.optional().describe("Only open or only closed tickets") });
export const ZStaffQueueQuery = ZTicketListQuery.extend({
  type: z.enum(TICKET_TYPES, { error: TYPE_MESSAGE }).optional().describe("Only tickets of this type"),
  state: z
    .enum(TICKET_STATES, { error: `State must be one of ${TICKET_STATES.join(", ")}.` })
    .optional()
    .describe("Only tickets in this state (narrower than status)"),
  assignee: z
    .enum(["mine", "unassigned"], { error: "Assignee must be mine or unassigned." })
    .optional()
    .describe("mine: assigned to the caller; unassigned: assigned to nobody"),
});

// ── the support desk (staff) ──
export const NOTE_MAX = 5000;
const ZFirstResponse = z
  .object({
    due: z.string().describe("ISO 8601: when the first staff reply is due (lib/tickets-targets.ts)"),
    answered_at: z.string().nullable().describe("ISO 8601 of the first staff reply, or null"),
    left_seconds: z.number().int().nullable().describe("Seconds left before the due time (negative: late); null once answered"),
    breached: z.boolean().describe("The target was missed"),
  })
  .describe("The first-response target");
const ZStaffRef = z.object({ id: z.number().int(), username: z.string() });
const deskFields = {
  priority: z.enum(TICKET_PRIORITIES),
  assignee: ZStaffRef.nullable().describe("The staff member the ticket is assigned to, or null"),
  state_since: z.string().describe("ISO 8601: when the ticket entered its state (an open ticket has waited for staff since)"),
  first_response: ZFirstResponse,
};
export const ZStaffTicketSummary = ZTicketSummary.extend(deskFields);
export type TStaffTicketSummary = z.infer<typeof ZStaffTicketSummary>;
export const ZTicketNote = z.object({ id: z.number().int(), content: z.string(), user: z.string().describe("Author's username"), date: z.string() });
export type TTicketNote = z.infer<typeof ZTicketNote>;
export const ZStaffTicket = ZTicket.extend({
  ...deskFields,
  player: ZStaffRef.describe("The ticket's owner"),
  notes: z.array(ZTicketNote).describe("Internal notes: staff only, never shown to the player"),
  rated_staff: z.string().nullable().describe("The staff member the rating counts for, or null"),
});
export type TStaffTicket = z.infer<typeof ZStaffTicket>;
export const ZStaffTicketPatch = zPatch(
  z.object({
    assignee: zId({ description: "A staff member's user id; null unassigns" }).nullable(),
    priority: z.enum(TICKET_PRIORITIES, { error: `Priority must be one of ${TICKET_PRIORITIES.join(", ")}.` }),
  }),
);
export const ZCreateNoteInput = z.object({ content: text("A note", NOTE_MAX).describe(`The note, 1–${NOTE_MAX} characters`) });
export const ZRateTicketInput = z.object({
  rating: z
    .enum(TICKET_RATINGS, { error: (iss) => (iss.input === undefined ? REQUIRED : `Rating must be one of ${TICKET_RATINGS.join(", ")}.`) })
    .describe("How the ticket was handled"),
});
export type TStaffRatingRow = { staffId: number; username: string; good: number; okay: number; bad: number };
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
  description:
    "Staff replies are marked staff and email the player. A closed ticket refuses replies with 409: open a new ticket. A muted player is refused with 403 naming the mute and its end, except on an appeal ticket (type MUTE_APPEAL).",
  responses: {
    201: { description: "The comment", schema: ZTicketComment },
    ...errors,
    403: { description: "The player is muted and the ticket is not an appeal (the message names the mute and its end)", schema: ZErrorBody },
    ...notFound,
    409: { description: "The ticket is closed", schema: ZErrorBody },
  },
});
export const rateTicketOp = defineOperation({
  method: "POST",
  path: "/api/v1/tickets/{id}/rating",
  summary: "Rate your closed ticket good, okay or bad",
  tag: TAG,
  auth: "user",
  params: ZIdParams,
  body: ZRateTicketInput,
  description: "The ticket's owner only, once it is closed; rating again replaces the rating. Someone else's ticket is a 404, like a missing one.",
  responses: {
    200: { description: "The ticket with its rating", schema: ZTicket },
    ...errors,
    ...notFound,
    409: { description: "The ticket is not closed", schema: ZErrorBody },
  },
});
export const staffQueueOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/tickets",
  summary: `Every ticket, oldest waiting first, ${TICKETS_PAGE_SIZE} per page (staff)`,
  tag: TAG,
  auth: "moderator",
  query: ZStaffQueueQuery,
  description:
    "Tickets waiting for staff come first, the one waiting longest first; then those waiting for the player (longest first); closed ones last, most recently closed first.",
  responses: { 200: { description: "A page of tickets", schema: zPaged(ZStaffTicketSummary) }, ...errors },
});
export const getStaffTicketOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/tickets/{id}",
  summary: "One ticket with its internal notes, assignee, priority and first-response target (staff)",
  tag: TAG,
  auth: "moderator",
  params: ZIdParams,
  responses: { 200: { description: "The ticket", schema: ZStaffTicket }, ...notFound },
});
export const updateStaffTicketOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/tickets/{id}",
  summary: "Assign a ticket or set its priority (staff)",
  tag: TAG,
  auth: "moderator",
  params: ZIdParams,
  body: ZStaffTicketPatch,
  description: "Assign to yourself or another staff member (moderator and up), or null to unassign; priority low, normal or high. Each change is audited.",
  responses: { 200: { description: "The ticket after the change", schema: ZStaffTicket }, ...errors, ...notFound },
});
export const createTicketNoteOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/tickets/{id}/notes",
  summary: "Add an internal note to a ticket (staff)",
  tag: TAG,
  auth: "moderator",
  rateLimited: true,
  params: ZIdParams,
  body: ZCreateNoteInput,
  description: "The player never sees a note: not on the ticket page, in the ticket API, nor in any email. Audited.",
  responses: { 201: { description: "The note", schema: ZTicketNote }, ...errors, ...notFound },
});

export const ticketOperations = [
  listTicketsOp,
  createTicketOp,
  getTicketOp,
  updateTicketOp,
  createCommentOp,
  rateTicketOp,
  staffQueueOp,
  getStaffTicketOp,
  updateStaffTicketOp,
  createTicketNoteOp,
];
