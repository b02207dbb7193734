import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, zPatch } from "./api";
import { GOAL_DESCRIPTION_MAX, GOAL_TITLE_MAX, REWARD_TYPE_PATTERN, ZRewardPayload, ZStaffServerEvent, zTime } from "./goals";
import { zId } from "./ids";

// Contracts of the server-wide vote goal (docs/game-integration.md, "Vote goal"): its public
// progress, staff management, and (through the server-event feed of ./goals.ts) the reward the
// game runs once per round reached. snake_case like the game API.

export const VOTE_GOAL_TARGET_MAX = 1_000_000;
/** A rolling window: 1 hour to 31 days. */
export const VOTE_GOAL_HOURS_MAX = 744;
export const VOTE_GOAL_WINDOWS = ["day", "rolling"] as const;
export const VOTE_GOALS_SHOWN = 5;

const TAG = "Voting";
const STAFF_TAG = "Staff voting";
const iso = (what: string) => z.string().describe(`${what} (ISO 8601)`);

export const ZVoteGoal = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  target_votes: z.number().int().describe("Counted votes that reach one round"),
  window: z
    .enum(VOTE_GOAL_WINDOWS)
    .describe("day: one round per calendar day in time_zone; rolling: the last window_hours hours, from the previous round's reach"),
  window_hours: z.number().int().nullable().describe("The rolling window's length; null for day"),
  time_zone: z.string().describe("The server's time zone, where a day begins (IANA name)"),
  votes: z.number().int().describe("Counted votes towards the round in progress"),
  percent: z.number().int().min(0).max(100).describe("Of the target, rounded down: 100 only when reached"),
  reached: z.boolean().describe("This day's round is reached (day window); the next starts at period_end"),
  round: z.number().int().describe("The round in progress (rounds_reached + 1; for a day goal reached today, today's)"),
  rounds_reached: z.number().int().describe("Rounds reached so far; each handed its reward to the game once"),
  period_start: iso("The day began, or the rolling window's start"),
  period_end: iso("The day ends, or now for a rolling window"),
  ends_at: iso("The goal stops counting").nullable(),
});
export type TVoteGoal = z.infer<typeof ZVoteGoal>;

export const ZVoteGoalList = z.object({ results: z.array(ZVoteGoal).describe(`The active goals counting now, oldest first (at most ${VOTE_GOALS_SHOWN})`) });
export type TVoteGoalList = z.infer<typeof ZVoteGoalList>;

export const voteGoalOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/goal",
  summary: "The server-wide vote goals counting now, with their progress",
  description: "Counted votes only (a vote refused for its cooldown never counts). Public.",
  tag: TAG,
  auth: "none",
  responses: { 200: { description: "The goals", schema: ZVoteGoalList } },
});

// ── staff ──

const TARGET_MESSAGE = `The target must be a whole number of votes from 1 to ${VOTE_GOAL_TARGET_MAX}.`;
const HOURS_MESSAGE = `The rolling window is a whole number of hours from 1 to ${VOTE_GOAL_HOURS_MAX}.`;
const WINDOW_MESSAGE = "Choose day or rolling.";
const HOURS_NEEDED = "A rolling window needs its hours; a day window has none.";
const RANGE_MESSAGE = "The goal must end after it starts.";

const fields = {
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
  target_votes: z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : TARGET_MESSAGE) })
    .int(TARGET_MESSAGE)
    .min(1, TARGET_MESSAGE)
    .max(VOTE_GOAL_TARGET_MAX, TARGET_MESSAGE)
    .describe("Counted votes that reach one round"),
  window: z.enum(VOTE_GOAL_WINDOWS, { error: WINDOW_MESSAGE }).describe("day (the server's calendar day) or rolling (window_hours)"),
  window_hours: z
    .number({ error: HOURS_MESSAGE })
    .int(HOURS_MESSAGE)
    .min(1, HOURS_MESSAGE)
    .max(VOTE_GOAL_HOURS_MAX, HOURS_MESSAGE)
    .nullable()
    .describe("The rolling window's length in hours; null for day"),
  reward_type: z
    .string({ error: REQUIRED })
    .regex(REWARD_TYPE_PATTERN, "The reward type is lower-case letters, digits and _, starting with a letter, at most 64 characters (e.g. double_xp).")
    .describe("The server event's type the game acts on, e.g. double_xp"),
  reward_payload: ZRewardPayload,
  active: z.boolean({ error: "Active must be true or false." }).describe("Counting and shown; an inactive goal makes no event"),
  starts_at: zTime("Votes from this time count"),
  ends_at: zTime("Votes from this time no longer count").nullable(),
};

type Shape = { window?: string | undefined; window_hours?: number | null | undefined; starts_at?: Date | undefined; ends_at?: Date | null | undefined };
const hoursFit = (g: Shape) => g.window === undefined || (g.window === "rolling" ? typeof g.window_hours === "number" : g.window_hours == null);
const rangeFits = (g: Shape) => !(g.starts_at instanceof Date && g.ends_at instanceof Date) || g.ends_at > g.starts_at;

export const ZVoteGoalInput = z
  .object({
    ...fields,
    description: fields.description.default(""),
    window: fields.window.default("day"),
    window_hours: fields.window_hours.default(null),
    reward_payload: fields.reward_payload.default({}),
    active: fields.active.default(true),
    ends_at: fields.ends_at.default(null),
  })
  .refine(hoursFit, { message: HOURS_NEEDED, path: ["window_hours"] })
  .refine(rangeFits, { message: RANGE_MESSAGE, path: ["ends_at"] });
export type TVoteGoalInput = z.output<typeof ZVoteGoalInput>;
export const ZVoteGoalPatch = zPatch(z.object(fields));
export type TVoteGoalPatch = z.output<typeof ZVoteGoalPatch>;
export { HOURS_NEEDED, RANGE_MESSAGE };

export const ZStaffVoteGoal = ZVoteGoal.extend({
  reward_type: z.string(),
  reward_payload: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  active: z.boolean(),
  starts_at: iso("Votes from this time count"),
  state: z.enum(["scheduled", "open", "inactive", "ended"]),
  events: z.array(ZStaffServerEvent).describe("The server events its rounds made, newest first"),
});
export type TStaffVoteGoal = z.infer<typeof ZStaffVoteGoal>;

const ZIdParams = z.object({ id: zId({ description: "Vote goal id (GET /api/v1/staff/votes/goals)" }) });
const fieldErrors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const listStaffVoteGoalsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/votes/goals",
  summary: "Every vote goal with its progress and server events",
  tag: STAFF_TAG,
  auth: "administrator",
  responses: { 200: { description: "Newest first", schema: z.object({ results: z.array(ZStaffVoteGoal) }) } },
});

export const createVoteGoalOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/votes/goals",
  summary: "Create a vote goal",
  description: "Audited. Votes already counted in its round count at once; a target already met makes its server event now.",
  tag: STAFF_TAG,
  auth: "administrator",
  body: ZVoteGoalInput,
  responses: { 201: { description: "Created", schema: ZStaffVoteGoal }, ...fieldErrors },
});

export const updateVoteGoalOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/votes/goals/{id}",
  summary: "Edit, pause or resume a vote goal",
  description: "Audited with before and after. Rounds already reached stay reached; a lower target may reach the round in progress at once.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZVoteGoalPatch,
  responses: { 200: { description: "Updated", schema: ZStaffVoteGoal }, ...fieldErrors, 404: { description: "No such vote goal", schema: ZErrorBody } },
});

export const voteGoalOperations = [voteGoalOp, listStaffVoteGoalsOp, createVoteGoalOp, updateVoteGoalOp];
