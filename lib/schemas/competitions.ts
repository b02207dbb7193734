import { z } from "zod";
import {
  COMPETITION_TYPES,
  DURATION_MAX_DAYS,
  DURATION_MIN_MINUTES,
  METRIC_KINDS,
  METRICS_MAX,
  metricKindOf,
  PRIZE_PLACES_MAX,
  SCHEDULE_DURATION_MAX_HOURS,
  SCHEDULE_KINDS,
  scheduleMetricSlugs,
  SIGNUPS,
  STANDINGS_PAGE_SIZE,
  STATUSES,
  TEAM_NAME_MAX,
  TEAMS_MAX,
  TITLE_MAX,
  WEIGHT_MAX,
} from "../competitions/rules";
import { METRIC_SLUGS, metricBySlug, metricSlug } from "../progress/metrics";
import { defineOperation, documentWith, REQUIRED, ZErrorBody, ZPageQuery, zPaged, zPatch } from "./api";
import { MAX_ID, zId } from "./ids";
import { zStaffReason } from "./staff-reason";

// Contracts of competitions (docs/competitions.md): the public lists and standings, signing up
// and leaving, and the staff's competitions and weekly schedules. Field names are snake_case like
// the other hiscores and progress answers; metrics are named by their slug (overall, attack,
// zulrah, clue_scrolls_all), as in /api/v1/hiscores/gains.

const TAG = "Competitions";
const STAFF_TAG = "Staff competitions";

// ── pieces ──

const METRIC_HELP = "a skill (attack, or overall) or an activity key (zulrah, clue_scrolls_all)";
/** A metric by slug, read trimmed and in any case: its hiscore id. */
const zMetric = documentWith(
  z
    .string({ error: `Name a metric: ${METRIC_HELP}.` })
    .max(64, `Must be ${METRIC_HELP}.`)
    .refine((s) => metricBySlug(s) !== null, `Must be ${METRIC_HELP}.`)
    .transform((s) => metricBySlug(s)!),
  { enum: METRIC_SLUGS },
).describe(`The metric: ${METRIC_HELP}`);

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : message) })
    .int(message)
    .min(min, message)
    .max(max, message);

const TIME_MESSAGE = "Enter a date and time (ISO 8601 with its offset, e.g. 2026-12-14T18:00:00Z).";
const zTime = (what: string) =>
  z.iso
    .datetime({ offset: true, error: TIME_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 10_000, TIME_MESSAGE)
    .describe(`${what} (ISO 8601 with offset)`);

const zTitle = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(TITLE_MAX, `The title is at most ${TITLE_MAX} characters.`)
  .describe(`The competition's name, at most ${TITLE_MAX} characters`);

const zTeamName = z
  .string({ error: "Each team needs a name." })
  .trim()
  .min(1, "Each team needs a name.")
  .max(TEAM_NAME_MAX, `Team names are at most ${TEAM_NAME_MAX} characters.`);

export const ZPrizeInput = z.object({
  item_id: wholeNumber(`Item ids are whole numbers from 0 to ${MAX_ID}.`, 0, MAX_ID).describe("The game item given"),
  quantity: wholeNumber(`Quantities are whole numbers from 1 to ${MAX_ID}.`, 1, MAX_ID).describe("How many of it"),
});
const zPrizes = z
  .array(ZPrizeInput, { error: "Prizes must be a list of { item_id, quantity }." })
  .max(PRIZE_PLACES_MAX, `At most ${PRIZE_PLACES_MAX} prizes.`)
  .describe(`The prize of each place, the first for place 1 (at most ${PRIZE_PLACES_MAX}); empty: no prizes`);

const ZMetricInput = z.object({
  metric: zMetric,
  weight: wholeNumber(`Weights are whole numbers from 1 to ${WEIGHT_MAX}.`, 1, WEIGHT_MAX)
    .optional()
    .transform((w) => w ?? 1)
    .describe("Points per unit gained (experience or score), default 1"),
});

const zKind = z.enum(METRIC_KINDS, { error: `Must be one of ${METRIC_KINDS.join(", ")}.` }).describe("skills (Overall and the 23 skills) or activities");
const zType = z.enum(COMPETITION_TYPES, { error: `Must be one of ${COMPETITION_TYPES.join(", ")}.` });
const zSignup = z.enum(SIGNUPS, { error: `Must be one of ${SIGNUPS.join(", ")}.` });

// ── a competition: what staff send ──

const competitionFields = {
  title: zTitle,
  starts_at: zTime("When it starts; at least a minute from now"),
  ends_at: zTime(`When it ends: ${DURATION_MIN_MINUTES} minutes to ${DURATION_MAX_DAYS} days after the start`),
  metric_kind: zKind,
  metrics: z
    .array(ZMetricInput, { error: "Metrics must be a list of { metric, weight }." })
    .min(1, "Choose at least one metric.")
    .max(METRICS_MAX, `At most ${METRICS_MAX} metrics.`)
    .describe("The metrics it counts, all of metric_kind, each once"),
  type: zType.describe("classic (each for themselves) or team"),
  signup: zSignup.describe("open (players sign up) or everyone (every player whose metric moves takes part)"),
  teams: z
    .array(zTeamName, { error: "Teams must be a list of names." })
    .max(TEAMS_MAX, `At most ${TEAMS_MAX} teams.`)
    .describe(`Team names for a team competition (2 to ${TEAMS_MAX}, each at most ${TEAM_NAME_MAX} characters); none for classic`),
  prizes: zPrizes,
};

/** What a competition is checked as, created or edited. */
export type CompetitionShape = {
  starts_at: Date;
  ends_at: Date;
  metric_kind: (typeof METRIC_KINDS)[number];
  metrics: { metric: number; weight: number }[];
  type: (typeof COMPETITION_TYPES)[number];
  signup: (typeof SIGNUPS)[number];
  teams: string[];
};

/** The rules across fields, as field errors (empty when it is sound). Shared by the create contract and the edit use case. */
export function competitionFieldErrors(c: CompetitionShape): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const minutes = (c.ends_at.getTime() - c.starts_at.getTime()) / 60_000;
  if (minutes < DURATION_MIN_MINUTES) add("ends_at", `The end must be at least ${DURATION_MIN_MINUTES} minutes after the start.`);
  else if (minutes > DURATION_MAX_DAYS * 24 * 60) add("ends_at", `A competition lasts at most ${DURATION_MAX_DAYS} days.`);
  const ids = c.metrics.map((m) => m.metric);
  if (new Set(ids).size !== ids.length) add("metrics", "Name each metric once.");
  if (ids.some((id) => metricKindOf(id) !== c.metric_kind))
    add("metrics", c.metric_kind === "skills" ? "A skills competition counts skills only (and overall)." : "An activities competition counts activities only.");
  if (c.type === "team") {
    if (c.teams.length < 2) add("teams", "A team competition needs at least two teams.");
    if (new Set(c.teams.map((t) => t.toLowerCase())).size !== c.teams.length) add("teams", "Give each team a different name.");
    if (c.signup === "everyone") add("signup", "In a team competition players choose their team: sign-up must be open.");
  } else if (c.teams.length > 0) add("teams", "Only a team competition has teams.");
  return errors;
}

const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
const isMetricList = (m: unknown) => Array.isArray(m) && m.every((x) => typeof x?.metric === "number" && typeof x?.weight === "number");

/** True when every field the cross-field rules read has parsed. */
function isCompetitionShape(c: Record<string, unknown>): c is CompetitionShape {
  return (
    isDate(c.starts_at) &&
    isDate(c.ends_at) &&
    (METRIC_KINDS as readonly unknown[]).includes(c.metric_kind) &&
    isMetricList(c.metrics) &&
    (COMPETITION_TYPES as readonly unknown[]).includes(c.type) &&
    (SIGNUPS as readonly unknown[]).includes(c.signup) &&
    Array.isArray(c.teams) &&
    c.teams.every((t) => typeof t === "string")
  );
}

const ZCompetitionBase = z.object(competitionFields);
export const ZCreateCompetitionInput = z
  .object({
    ...competitionFields,
    type: competitionFields.type.optional().transform((t) => t ?? "classic"),
    signup: competitionFields.signup.optional().transform((s) => s ?? "open"),
    teams: competitionFields.teams.optional().transform((t) => t ?? []),
    prizes: competitionFields.prizes.optional().transform((p) => p ?? []),
  })
  .superRefine((c, ctx) => {
    // zod runs this even when a field failed (its value then is the raw input): judge only a sound shape.
    if (!isCompetitionShape(c)) return;
    for (const [field, messages] of Object.entries(competitionFieldErrors(c)))
      for (const message of messages) ctx.addIssue({ code: "custom", path: [field], message });
  });
export type TCreateCompetitionInput = z.output<typeof ZCreateCompetitionInput>;
export const ZUpdateCompetitionInput = zPatch(ZCompetitionBase);
/** zPatch's output, typed by its fields (the refinement's own type is loose). */
export type TUpdateCompetitionInput = Partial<z.output<typeof ZCompetitionBase>>;

export const ZCancelCompetitionInput = z.object({ reason: zStaffReason("Why it is cancelled, for the audit log (3–500 characters)") });

// ── a competition: what everyone reads ──

const iso = (what: string) => z.string().describe(`${what} (ISO 8601)`);

export const ZPrize = z.object({ place: z.number().int(), item_id: z.number().int(), quantity: z.number().int() });
export const ZCompetition = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum([...STATUSES, "cancelled"]).describe("upcoming, ongoing, finished or cancelled"),
  type: z.enum(COMPETITION_TYPES),
  signup: z.enum(SIGNUPS),
  metric_kind: z.enum(METRIC_KINDS),
  metrics: z
    .array(z.object({ metric: z.string().describe("The metric's slug"), name: z.string(), weight: z.number().int() }))
    .describe("Empty while staff have not chosen the metric of a scheduled competition"),
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  prizes: z.array(ZPrize),
  starts_at: iso("Counting starts"),
  ends_at: iso("Counting ends"),
  ended_at: iso("Results frozen and prizes queued").nullable(),
  cancelled_at: iso("Cancelled").nullable(),
  schedule_id: z.number().int().nullable().describe("The weekly schedule that made it, if any"),
});
export type TCompetition = z.infer<typeof ZCompetition>;

export const ZMetricProgress = z.object({
  metric: z.string(),
  start: z.number().int().describe("The value when the competition started for the player"),
  end: z.number().int().describe("The value now (at the end, once finished)"),
  gained: z.number().int().describe("max(0, end − start)"),
});

export const ZStanding = z.object({
  rank: z.number().int().describe("1 is the best; the frozen place once finished"),
  id: z.number().int().describe("The player's account id"),
  username: z.string(),
  score: z.number().int().describe("Σ weight × gained over the metrics"),
  reached_at: iso("When the player reached this score: the earlier of two equal scores ranks higher"),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  progress: z.array(ZMetricProgress).describe("Each metric the player has moved during the competition"),
});
export type TStanding = z.infer<typeof ZStanding>;

export const ZTeamStanding = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  members: z.number().int().describe("Players on the team (staff and banned players left out)"),
  total: z.number().int().describe("The members' scores added up"),
  average: z.number().describe("total ÷ members, 0 for an empty team"),
  mvp: z.object({ id: z.number().int(), username: z.string(), score: z.number().int() }).nullable().describe("The member with the best score"),
});
export type TTeamStanding = z.infer<typeof ZTeamStanding>;

export const ZMyStanding = z
  .object({
    joined: z.boolean().describe("Taking part (signed up, or counted in an everyone competition)"),
    can_join: z.boolean().describe("Signing up is possible now (open sign-up, not ended or cancelled, not yet joined)"),
    rank: z.number().int().nullable().describe("The player's place now, or null when not ranked"),
    score: z.number().int().nullable(),
    team_id: z.number().int().nullable(),
  })
  .describe("The signed-in player's own place; null for guests");

export const ZCompetitionView = zPaged(ZStanding).extend({
  competition: ZCompetition,
  participants: z.number().int().describe("Ranked players (staff and banned players left out)"),
  teams: z.array(ZTeamStanding).nullable().describe("Team competitions: the teams in order; null for classic ones"),
  me: ZMyStanding.nullable(),
});
export type TCompetitionView = z.infer<typeof ZCompetitionView>;

// ── schedules ──

const zScheduleKind = z.enum(SCHEDULE_KINDS, { error: `Must be one of ${SCHEDULE_KINDS.join(", ")}.` });
const scheduleFields = {
  kind: zScheduleKind.describe("skill (a Skill of the Week over a skill's experience) or boss (a Boss of the Week over a boss's kill count)"),
  weekday: wholeNumber("The weekday is 1 (Monday) to 7 (Sunday).", 1, 7).describe("1 Monday … 7 Sunday, in the server's time zone"),
  hour: wholeNumber("The hour is a whole number from 0 to 23.", 0, 23).describe("The start hour, 0–23, in the server's time zone"),
  duration_hours: wholeNumber(`The duration is 1 to ${SCHEDULE_DURATION_MAX_HOURS} hours.`, 1, SCHEDULE_DURATION_MAX_HOURS).describe(
    "How long each competition lasts (168: a week)",
  ),
  signup: zSignup.describe("open or everyone (default everyone)"),
  staff_choose: z.boolean({ error: "Must be true or false." }).describe("true: staff choose each week's metric (the rotation is then empty)"),
  rotation: z
    .array(zMetric, { error: "The rotation must be a list of metrics." })
    .max(METRICS_MAX, `At most ${METRICS_MAX} metrics in a rotation.`)
    .describe("The metrics taken in turn, one a week: skills for a skill schedule, bosses for a boss schedule"),
  prizes: zPrizes,
};

export type ScheduleShape = { kind: (typeof SCHEDULE_KINDS)[number]; staff_choose: boolean; rotation: number[] };

/** The rules across a schedule's fields, as field errors. */
export function scheduleFieldErrors(s: ScheduleShape): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (s.staff_choose && s.rotation.length > 0) errors.rotation = ["Leave the rotation empty when staff choose each week's metric."];
  if (!s.staff_choose && s.rotation.length === 0) errors.rotation = ["Give the rotation at least one metric, or let staff choose."];
  const allowed = new Set(scheduleMetricSlugs(s.kind));
  if (s.rotation.some((m) => !allowed.has(metricSlug(m))))
    (errors.rotation ??= []).push(s.kind === "skill" ? "A skill schedule rotates through skills." : "A boss schedule rotates through bosses.");
  return errors;
}

export const ZCreateScheduleInput = z
  .object({
    ...scheduleFields,
    signup: scheduleFields.signup.optional().transform((s) => s ?? "everyone"),
    staff_choose: scheduleFields.staff_choose.optional().transform((b) => b ?? false),
    rotation: scheduleFields.rotation.optional().transform((r) => r ?? []),
    prizes: scheduleFields.prizes.optional().transform((p) => p ?? []),
  })
  .superRefine((s, ctx) => {
    if (
      !(SCHEDULE_KINDS as readonly unknown[]).includes(s.kind) ||
      typeof s.staff_choose !== "boolean" ||
      !Array.isArray(s.rotation) ||
      !s.rotation.every((m) => typeof m === "number")
    )
      return;
    for (const [field, messages] of Object.entries(scheduleFieldErrors(s)))
      for (const message of messages) ctx.addIssue({ code: "custom", path: [field], message });
  });
export type TCreateScheduleInput = z.output<typeof ZCreateScheduleInput>;
const ZScheduleBase = z.object(scheduleFields);
export const ZUpdateScheduleInput = zPatch(ZScheduleBase);
export type TUpdateScheduleInput = Partial<z.output<typeof ZScheduleBase>>;

export const ZSchedule = z.object({
  id: z.number().int(),
  kind: zScheduleKind,
  weekday: z.number().int(),
  hour: z.number().int(),
  duration_hours: z.number().int(),
  signup: z.enum(SIGNUPS),
  staff_choose: z.boolean(),
  rotation: z.array(z.string()),
  prizes: z.array(ZPrize),
  time_zone: z.string().describe("The zone weekday and hour are in (IANA name)"),
  next_starts_at: iso("The next start the schedule will make a competition for"),
  next_metric: z.string().nullable().describe("That competition's metric; null when staff choose"),
  created_at: iso("Made"),
});
export type TSchedule = z.infer<typeof ZSchedule>;

// ── operations ──

const ZIdParams = z.object({ id: zId({ description: "Competition id (GET /api/v1/competitions)" }) });
const ZScheduleParams = z.object({ id: zId({ description: "Competition schedule id (GET /api/v1/staff/competitions/schedules)" }) });
const fieldErrors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such competition", schema: ZErrorBody } };

export const ZCompetitionsQuery = ZPageQuery.extend({
  status: z
    .enum(STATUSES, { error: `Must be one of ${STATUSES.join(", ")}.` })
    .optional()
    .transform((s) => s ?? "ongoing")
    .describe(`Which competitions: one of ${STATUSES.join(", ")} (default ongoing)`),
});

export const listCompetitionsOp = defineOperation({
  method: "GET",
  path: "/api/v1/competitions",
  summary: "Competitions that are upcoming, ongoing or finished, 25 a page",
  description: "Upcoming ones by start, ongoing ones by end (soonest first), finished ones newest first. Cancelled ones are not listed.",
  tag: TAG,
  auth: "none",
  query: ZCompetitionsQuery,
  responses: { 200: { description: "The page", schema: zPaged(ZCompetition) }, ...fieldErrors },
});

export const getCompetitionOp = defineOperation({
  method: "GET",
  path: "/api/v1/competitions/{id}",
  summary: `One competition with its standings (${STANDINGS_PAGE_SIZE} a page), its teams, and the signed-in player's own place`,
  description:
    "Ranked by score, then by who reached their score first. Staff and banned players are left out. Once finished, the places are the frozen ones of the end.",
  tag: TAG,
  auth: "optional",
  params: ZIdParams,
  query: ZPageQuery,
  responses: { 200: { description: "The competition", schema: ZCompetitionView }, ...fieldErrors, ...notFound },
});

export const ZJoinInput = z.object({
  team_id: zId({ description: "The team to join (a team competition's teams[].id); leave out in a classic one" }).optional(),
});

export const ZJoinResult = z.object({
  competition_id: z.number().int(),
  team_id: z.number().int().nullable(),
  joined_at: iso("Signed up"),
  late: z.boolean().describe("Joined after the start: the player's values at sign-up are their start"),
});

export const joinCompetitionOp = defineOperation({
  method: "POST",
  path: "/api/v1/competitions/{id}/join",
  summary: "Sign up for a competition (and choose a team in a team competition)",
  description:
    "Open sign-up only, until the end. Joining after the start counts from the player's values at the moment of signing up. Joining twice is a 409; to change team, leave and join again.",
  tag: TAG,
  auth: "user",
  params: ZIdParams,
  body: ZJoinInput,
  responses: {
    200: { description: "Signed up", schema: ZJoinResult },
    ...fieldErrors,
    ...notFound,
    409: { description: "Already signed up, ended, cancelled, or everyone takes part anyway", schema: ZErrorBody },
  },
});

export const leaveCompetitionOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/competitions/{id}/join",
  summary: "Leave a competition before its end",
  description: "The player's progress in it is dropped; joining again later counts from then.",
  tag: TAG,
  auth: "user",
  params: ZIdParams,
  responses: {
    200: { description: "Left", schema: z.object({ competition_id: z.number().int(), left: z.literal(true) }) },
    ...notFound,
    409: { description: "Not signed up, ended, or everyone takes part", schema: ZErrorBody },
  },
});

export const createCompetitionOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/competitions",
  summary: "Create a competition",
  description: "It starts at least a minute from now. Audited; announced on Discord when the competitions webhook is set.",
  tag: STAFF_TAG,
  auth: "administrator",
  body: ZCreateCompetitionInput,
  responses: { 201: { description: "Created", schema: ZCompetition }, ...fieldErrors },
});

export const updateCompetitionOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/competitions/{id}",
  summary: "Edit a competition before its start",
  description:
    "Until a minute before the start. The type, sign-up and teams change only while nobody has signed up. Announcements and the end follow the new times.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZUpdateCompetitionInput,
  responses: {
    200: { description: "Updated", schema: ZCompetition },
    ...fieldErrors,
    ...notFound,
    409: { description: "Started (or about to), cancelled, or players signed up for what would change", schema: ZErrorBody },
  },
});

export const cancelCompetitionOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/competitions/{id}/cancel",
  summary: "Cancel a competition before its end",
  description: "Nothing more is counted, no prizes are given and no announcement is sent for it.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZCancelCompetitionInput,
  responses: {
    200: { description: "Cancelled", schema: ZCompetition },
    ...fieldErrors,
    ...notFound,
    409: { description: "Already ended or cancelled", schema: ZErrorBody },
  },
});

export const listSchedulesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/competitions/schedules",
  summary: "The weekly competition schedules (Skill of the Week, Boss of the Week)",
  tag: STAFF_TAG,
  auth: "administrator",
  responses: { 200: { description: "Schedules", schema: z.object({ results: z.array(ZSchedule) }) } },
});

export const createScheduleOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/competitions/schedules",
  summary: "Create a weekly schedule",
  description:
    "Its first competition (the first start at least an hour away) is made at once; each later one when the previous one starts, by the hourly job. Audited.",
  tag: STAFF_TAG,
  auth: "administrator",
  body: ZCreateScheduleInput,
  responses: { 201: { description: "Created", schema: ZSchedule }, ...fieldErrors },
});

export const updateScheduleOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/competitions/schedules/{id}",
  summary: "Edit a weekly schedule",
  description: "Applies to the competitions it makes from now on; one it has made already is edited on its own.",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZScheduleParams,
  body: ZUpdateScheduleInput,
  responses: { 200: { description: "Updated", schema: ZSchedule }, ...fieldErrors, 404: { description: "No such schedule", schema: ZErrorBody } },
});

export const deleteScheduleOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/competitions/schedules/{id}",
  summary: "Delete a weekly schedule",
  description: "It makes no more competitions; those it made stay (cancel one on its own if need be).",
  tag: STAFF_TAG,
  auth: "administrator",
  params: ZScheduleParams,
  responses: { 200: { description: "Deleted; the schedule as it was", schema: ZSchedule }, 404: { description: "No such schedule", schema: ZErrorBody } },
});

export const competitionOperations = [
  listCompetitionsOp,
  getCompetitionOp,
  joinCompetitionOp,
  leaveCompetitionOp,
  createCompetitionOp,
  updateCompetitionOp,
  cancelCompetitionOp,
  listSchedulesOp,
  createScheduleOp,
  updateScheduleOp,
  deleteScheduleOp,
];
