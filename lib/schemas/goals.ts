import { z } from "zod";
import { defineOperation, documentAs, REQUIRED, ZErrorBody, zPatch } from "./api";
import { CLAIM_LIMIT_MAX, zFeedClaimInput } from "./game";
import { zId } from "./ids";
import { ALLOWED_TEXT_PATTERN } from "./text-rule";

// Contracts of community goals (docs/payments.md, "Community goals"): the public progress and
// supporter widgets, the player's choice to be shown, staff goal management, and the game's
// server-event feed (docs/game-integration.md, "Server events"). snake_case like the game API.

export const GOAL_TITLE_MAX = 80;
export const GOAL_DESCRIPTION_MAX = 500;
/** $1,000,000 in cents. */
export const GOAL_TARGET_MAX = 100_000_000;
export const REWARD_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const REWARD_PAYLOAD_KEYS_MAX = 20;
export const SERVER_EVENT_LEASE_DEFAULT_SEC = 60;

const STORE_TAG = "Store";
const STAFF_TAG = "Staff store";
const GAME_TAG = "Game bridge";
const iso = (what: string) => z.string().describe(`${what} (ISO 8601)`);

// ── public: goals ──

export const ZGoal = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  currency: z.literal("USD"),
  target_cents: z.number().int().describe("The target of one round, in US cents"),
  raised_cents: z.number().int().describe("Completed payments in the window, refunds and lost disputes taken out, in US cents"),
  round: z.number().int().describe("The round in progress (always 1 when not repeatable)"),
  round_progress_cents: z.number().int().describe("Paid towards this round, the overflow of the rounds before it included"),
  percent: z.number().int().min(0).max(100).describe("Of this round, rounded down"),
  reached: z.boolean().describe("A goal that is not repeatable has been reached"),
  rounds_reached: z.number().int().describe("Rounds reached so far; each handed its reward to the game once"),
  repeatable: z.boolean(),
  starts_at: iso("The window opens"),
  ends_at: iso("The window closes"),
});
export type TGoal = z.infer<typeof ZGoal>;

export const ZGoalList = z.object({ results: z.array(ZGoal).describe("Goals whose window is open now, the one ending first first") });
export type TGoalList = z.infer<typeof ZGoalList>;

export const listGoalsOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/goals",
  summary: "The community goals open now, with their progress",
  description: "Counts only completed provider payments in each goal's window; never staff grants. Public.",
  tag: STORE_TAG,
  auth: "none",
  responses: { 200: { description: "The open goals", schema: ZGoalList } },
});

// ── public: supporter widgets ──

export const SUPPORTERS_RECENT = 5;
export const ZSupporters = z.object({
  month: z.string().describe("The calendar month (UTC) of the top donator, e.g. 2026-12"),
  top_donator: z.object({ username: z.string() }).nullable().describe("Who paid the most this month among the players shown; no amount"),
  recent: z
    .array(z.object({ username: z.string(), paid_at: iso("When the payment completed") }))
    .describe(`The latest ${SUPPORTERS_RECENT} completed payments of players shown; no amounts`),
});
export type TSupporters = z.infer<typeof ZSupporters>;

export const supportersOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/supporters",
  summary: "The top donator of the month and the recent supporters",
  description: "Names only, never amounts. Staff, banned players and players who opted out (PUT /api/v1/user/privacy) are never shown. Public.",
  tag: STORE_TAG,
  auth: "none",
  responses: { 200: { description: "The widgets' data", schema: ZSupporters } },
});

// ── the player's choice ──

export const ZPrivacy = z.object({
  show_as_supporter: z
    .boolean({ error: "show_as_supporter must be true or false." })
    .describe("Shown by name in the top donator and recent supporters widgets (default true)"),
});
export type TPrivacy = z.infer<typeof ZPrivacy>;

export const getPrivacyOp = defineOperation({
  method: "GET",
  path: "/api/v1/user/privacy",
  summary: "Whether the current player is shown in the supporter widgets",
  tag: "Accounts",
  auth: "user",
  responses: { 200: { description: "The setting", schema: ZPrivacy } },
});

export const setPrivacyOp = defineOperation({
  method: "PUT",
  path: "/api/v1/user/privacy",
  summary: "Show or hide the current player in the supporter widgets",
  description: "Takes effect at once on the widgets (GET /api/v1/store/supporters).",
  tag: "Accounts",
  auth: "user",
  body: ZPrivacy,
  responses: { 200: { description: "Saved", schema: ZPrivacy }, 400: { description: "Field errors", schema: ZErrorBody } },
});

// ── staff ──

const TIME_MESSAGE = "Enter a date and time (ISO 8601 with its offset, e.g. 2026-12-14T18:00:00Z).";
export const zTime = (what: string) =>
  z.iso
    .datetime({ offset: true, error: TIME_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 10_000, TIME_MESSAGE)
    .describe(`${what} (ISO 8601 with offset)`);

const TARGET_MESSAGE = `The target must be a whole number of US cents from 100 to ${GOAL_TARGET_MAX}.`;
const PAYLOAD_MESSAGE = `The reward payload is an object of up to ${REWARD_PAYLOAD_KEYS_MAX} fields (names of letters, digits and _), each a string of at most 200 characters, a number or true/false.`;

const PAYLOAD_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const ZRewardPayload = z
  .record(
    // Keys are checked by the refinement below; the document shows the text rule on them, as on every nested key.
    documentAs(z.string(), { type: "string", pattern: ALLOWED_TEXT_PATTERN }),
    z.union([z.string().max(200, PAYLOAD_MESSAGE), z.number().finite(), z.boolean()], { error: PAYLOAD_MESSAGE }),
    { error: PAYLOAD_MESSAGE },
  )
  .refine((o) => Object.keys(o).length <= REWARD_PAYLOAD_KEYS_MAX && Object.keys(o).every((k) => PAYLOAD_KEY.test(k)), PAYLOAD_MESSAGE)
  .describe('What the game needs to run the reward, e.g. { "multiplier": 2, "minutes": 60 }');

const goalFields = {
  title: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(GOAL_TITLE_MAX, `The title is at most ${GOAL_TITLE_MAX} characters.`)
    .describe("Shown above the bar"),
  description: z
    .string({ error: "The description must be text." })
    .trim()
    .max(GOAL_DESCRIPTION_MAX, `The description is at most ${GOAL_DESCRIPTION_MAX} characters.`)
    .describe("Shown under the title: the reward in players' words"),
  target_cents: z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : TARGET_MESSAGE) })
    .int(TARGET_MESSAGE)
    .min(100, TARGET_MESSAGE)
    .max(GOAL_TARGET_MAX, TARGET_MESSAGE)
    .describe("The target of one round, in US cents"),
  starts_at: zTime("The window opens"),
  ends_at: zTime("The window closes"),
  repeatable: z.boolean({ error: "Repeatable must be true or false." }).describe("Start a new round with the overflow each time the target is reached"),
  reward_type: z
    .string({ error: REQUIRED })
    .regex(REWARD_TYPE_PATTERN, "The reward type is lower-case letters, digits and _, starting with a letter, at most 64 characters (e.g. double_xp).")
    .describe("The server event's type the game acts on, e.g. double_xp"),
  reward_payload: ZRewardPayload,
};

const WINDOW_MESSAGE = "The window must end after it starts.";
export const ZGoalInput = z
  .object({
    ...goalFields,
    description: goalFields.description.default(""),
    repeatable: goalFields.repeatable.default(false),
    reward_payload: goalFields.reward_payload.default({}),
  })
  .refine((g) => !(g.starts_at instanceof Date && g.ends_at instanceof Date) || g.ends_at > g.starts_at, { message: WINDOW_MESSAGE, path: ["ends_at"] });
export type TGoalInput = z.output<typeof ZGoalInput>;
export const ZGoalPatch = zPatch(z.object(goalFields));
export type TGoalPatch = z.output<typeof ZGoalPatch>;
export { WINDOW_MESSAGE };

export const SERVER_EVENT_STATUSES = ["pending", "leased", "delivered", "canceled"] as const;
export const ZStaffServerEvent = z.object({
  id: z.number().int(),
  type: z.string(),
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  round: z.number().int().nullable(),
  status: z.enum(SERVER_EVENT_STATUSES),
  created: iso("Made"),
  delivered_at: iso("Acknowledged by the game").nullable(),
  attempts: z.number().int().describe("How many claims leased it"),
});
export type TStaffServerEvent = z.infer<typeof ZStaffServerEvent>;

export const ZStaffGoal = ZGoal.extend({
  reward_type: z.string(),
  reward_payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  ended_at: iso("Ended early by staff").nullable(),
  state: z.enum(["scheduled", "open", "ended"]),
  events: z.array(ZStaffServerEvent).describe("The server events its rounds made, newest first"),
});
export type TStaffGoal = z.infer<typeof ZStaffGoal>;

const ZIdParams = z.object({ id: zId({ description: "Goal id (GET /api/v1/staff/store/goals)" }) });
const fieldErrors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such goal", schema: ZErrorBody } };

export const listStaffGoalsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/goals",
  summary: "Every community goal with its progress and server events",
  tag: STAFF_TAG,
  auth: "administrator",
  responses: { 200: { description: "Newest first", schema: z.object({ results: z.array(ZStaffGoal) }) } },
});

export const createGoalOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/goals",
  summary: "Create a community goal",
  description: "Audited. Payments already made in the window count at once; a target already met makes its server event now.",
  tag: STAFF_TAG,
  auth: "administrator",
  body: ZGoalInput,
  responses: { 201: { description: "Created", schema: ZStaffGoal }, ...fieldErrors },
});

export const updateGoalOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/goals/{id}",
  summary: "Edit a community goal",
  description: "Audited with before and after. Rounds already reached stay reached; a lower target may reach the next at once.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZGoalPatch,
  responses: {
    200: { description: "Updated", schema: ZStaffGoal },
    ...fieldErrors,
    ...notFound,
    409: { description: "The goal has ended", schema: ZErrorBody },
  },
});

export const endGoalOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/goals/{id}/end",
  summary: "End a community goal now",
  description: "Its window closes now: later payments no longer count. Audited.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZIdParams,
  responses: { 200: { description: "Ended", schema: ZStaffGoal }, ...notFound, 409: { description: "Already ended", schema: ZErrorBody } },
});

// ── game: the server-event feed ──

export const ZGameServerEvent = z.object({
  id: z.number().int().describe("Record it once run: a claim may hand it out again after a lost ack"),
  type: z.string().describe("What to run, as staff named it (e.g. double_xp)"),
  payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).describe("Its parameters, as staff set them"),
  source: z.object({ goal_id: z.number().int(), round: z.number().int(), title: z.string() }).nullable().describe("The community goal round that made it"),
  vote_goal: z
    .object({
      vote_goal_id: z.number().int(),
      round: z.number().int().describe("1, 2, 3... over the vote goal's life"),
      title: z.string(),
      target_votes: z.number().int(),
      window: z.enum(["day", "rolling"]),
    })
    .nullable()
    .describe("The vote goal round that made it (then `source` is null)"),
  created: iso("Made"),
});

export const ZServerEventClaimInput = zFeedClaimInput(SERVER_EVENT_LEASE_DEFAULT_SEC);
export const ZServerEventClaim = z.object({
  lease_id: z.string().nullable().describe("Send it back with the ack; null when nothing was pending"),
  leased_until: iso("The lease ends").nullable(),
  events: z.array(ZGameServerEvent),
});
export type TServerEventClaim = z.infer<typeof ZServerEventClaim>;

export const claimServerEventsOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/server-events/claim",
  scope: "server-events",
  summary: "Lease the pending server-wide events",
  description:
    "Two concurrent claims never receive the same event. Run each, then ack the ids you ran; anything not acked before the lease ends is handed out again by a later claim.",
  tag: GAME_TAG,
  auth: "game",
  body: ZServerEventClaimInput,
  responses: { 200: { description: "The leased events", schema: ZServerEventClaim }, 400: { description: "Field errors", schema: ZErrorBody } },
});

export const ZServerEventAckInput = z.object({
  lease_id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64).describe("From the claim"),
  event_ids: z
    .array(zId({ description: "An event id from the claim" }))
    .min(1, "Send at least one event id.")
    .max(CLAIM_LIMIT_MAX),
});
export const ZServerEventAck = z.object({
  delivered: z.array(z.number().int()).describe("Ids now recorded as run (including ones acked before: acking twice is harmless)"),
  rejected: z.array(z.object({ id: z.number().int(), reason: z.string() })).describe("Ids not of this lease, canceled or unknown"),
});
export type TServerEventAck = z.infer<typeof ZServerEventAck>;

export const ackServerEventsOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/server-events/ack",
  scope: "server-events",
  summary: "Mark leased server events as run",
  tag: GAME_TAG,
  auth: "game",
  body: ZServerEventAckInput,
  responses: { 200: { description: "What was recorded", schema: ZServerEventAck }, 400: { description: "Field errors", schema: ZErrorBody } },
});

export const previewServerEventsOp = defineOperation({
  method: "GET",
  path: "/api/v1/game/server-events",
  scope: "server-events",
  summary: "List the server events not yet run, without leasing them",
  tag: GAME_TAG,
  auth: "game",
  responses: {
    200: {
      description: "Pending and leased events",
      schema: z.object({ events: z.array(ZGameServerEvent.extend({ status: z.enum(["pending", "leased"]) })) }),
    },
  },
});

export const goalOperations = [listGoalsOp, supportersOp, getPrivacyOp, setPrivacyOp, listStaffGoalsOp, createGoalOp, updateGoalOp, endGoalOp];
export const serverEventOperations = [claimServerEventsOp, ackServerEventsOp, previewServerEventsOp];
