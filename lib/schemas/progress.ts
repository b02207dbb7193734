import { z } from "zod";
import { GAME_MODES, XP_MODES } from "../hiscores";
import { METRIC_SLUGS, metricBySlug } from "../progress/metrics";
import { PERIODS, ROLLING_PERIODS } from "../progress/periods";
import { defineOperation, documentWith, zPaged } from "./api";
import { zHiscoresPage, zMode, zXp, ZPlayerParams } from "./hiscores";

// Contracts of progress (docs/progress.md): gains over a period, their chart, top gainers,
// records, achievements, the adventure log and the server-wide feed. Everything is read from the
// history the game's pushes keep; staff, banned and unknown players are not found, as on the
// hiscores.

const TAG = "Progress";

const zPeriod = z.enum(PERIODS, { error: `Must be one of ${PERIODS.join(", ")}.` });
const zRollingPeriod = z.enum(ROLLING_PERIODS, { error: `Must be one of ${ROLLING_PERIODS.join(", ")}.` });
const METRIC_HELP = "overall, a skill (attack) or an activity key (zulrah, clue_scrolls_all)";
// An enum in the document; read trimmed and in any case.
const zMetric = documentWith(
  z
    .string({ error: `Name a metric: ${METRIC_HELP}.` })
    .max(64, `Must be ${METRIC_HELP}.`)
    .refine((s) => metricBySlug(s) !== null, `Must be ${METRIC_HELP}.`)
    .transform((s) => metricBySlug(s)!),
  { enum: METRIC_SLUGS },
).describe(`The metric: ${METRIC_HELP}`);

const modeDefaults = {
  mode: zMode
    .optional()
    .transform((m) => m ?? "regular")
    .describe("Game mode ladder (default regular)"),
  xp: zXp
    .optional()
    .transform((x) => x ?? "regular")
    .describe("XP mode ladder (default regular)"),
};

export const ZGainsQuery = z.object({
  period: zPeriod
    .optional()
    .transform((p) => p ?? "week")
    .describe("The window (default week)"),
});

export const ZPlayerGains = z.object({
  username: z.string(),
  game_mode: z.enum(GAME_MODES),
  xp_mode: z.enum(XP_MODES),
  period: zPeriod,
  from: z.string().describe("ISO 8601: the first hour the window takes in"),
  to: z.string().describe("ISO 8601: now"),
  results: z.array(
    z.object({
      metric: z.string().describe("overall, a skill or an activity key"),
      name: z.string(),
      start: z.number().int().describe("The value when the window began"),
      end: z.number().int().describe("The value now"),
      gained: z.number().int().describe("max(0, end − start): a rollback is never a negative gain"),
      start_level: z.number().int().nullable().describe("Skills: the level at the start; null otherwise"),
      end_level: z.number().int().nullable().describe("Skills: the level now; null otherwise"),
    }),
  ),
});

export const playerGainsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}/gains",
  summary: "A player's gains over a period in every metric",
  description:
    "day, week, month and year are the last 24, 168, 744 and 8,766 hours ending with the current one; calendar_week and calendar_month start at midnight (Monday, the 1st) in the server's time zone. Exact values from the game's pushes, to the hour.",
  tag: TAG,
  auth: "none",
  params: ZPlayerParams,
  query: ZGainsQuery,
  responses: { 200: { description: "The gains", schema: ZPlayerGains }, 404: { description: "Not on the hiscores" } },
});

export const ZSeriesParams = ZPlayerParams.extend({ metric: zMetric });

export const ZGainSeries = z.object({
  username: z.string(),
  metric: z.string(),
  name: z.string(),
  period: zPeriod,
  from: z.string(),
  points: z
    .array(z.object({ at: z.string().describe("ISO 8601"), value: z.number().int() }))
    .describe("The value at the start, then at the end of each hour it changed in, then now"),
});

export const gainSeriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}/gains/{metric}",
  summary: "One metric of a player over a period, for a chart",
  tag: TAG,
  auth: "none",
  params: ZSeriesParams,
  query: ZGainsQuery,
  responses: { 200: { description: "The points", schema: ZGainSeries }, 404: { description: "Not on the hiscores" } },
});

export const ZTopGainsQuery = z.object({
  period: zPeriod.optional().transform((p) => p ?? "week"),
  metric: zMetric.optional().transform((m) => m ?? 0),
  page: zHiscoresPage,
  ...modeDefaults,
});

export const ZTopGain = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  username: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  gained: z.number().int(),
});

export const topGainsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/gains",
  summary: "Top gainers of a period in one metric and ladder, 25 a page",
  description: "Rebuilt every five minutes (the 500 best of each period, ladder and metric). Staff and banned players are left out.",
  tag: TAG,
  auth: "none",
  query: ZTopGainsQuery,
  responses: {
    200: {
      description: "The page",
      schema: zPaged(ZTopGain).extend({ refreshed_at: z.string().nullable().describe("ISO 8601: the last rebuild; null before the first") }),
    },
  },
});

export const ZRecordsQuery = z.object({
  period: zRollingPeriod.optional().transform((p) => p ?? "week"),
  metric: zMetric.optional().transform((m) => m ?? 0),
  page: zHiscoresPage,
  ...modeDefaults,
});

export const recordsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/records",
  summary: "Records: the best gain each player ever made in one period and metric",
  description: "A record is replaced only by a greater gain; `from`/`to` are the window it was made in. Players on this ladder now; staff and banned left out.",
  tag: TAG,
  auth: "none",
  query: ZRecordsQuery,
  responses: {
    200: {
      description: "The page",
      schema: zPaged(
        z.object({ rank: z.number().int(), id: z.number().int(), username: z.string(), gained: z.number().int(), from: z.string(), to: z.string() }),
      ),
    },
  },
});

export const playerRecordsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}/records",
  summary: "A player's records in every period and metric",
  tag: TAG,
  auth: "none",
  params: ZPlayerParams,
  responses: {
    200: {
      description: "The records",
      schema: z.object({
        username: z.string(),
        results: z.array(
          z.object({ period: zRollingPeriod, metric: z.string(), name: z.string(), gained: z.number().int(), from: z.string(), to: z.string() }),
        ),
      }),
    },
    404: { description: "Not on the hiscores" },
  },
});

export const ZAchievement = z.object({
  key: z.string().describe("Stable id of the tier"),
  name: z.string(),
  metric: z.string(),
  threshold: z.number().int(),
  value: z.number().int().describe("The player's value now (for base tiers, their lowest level)"),
  met: z.boolean(),
  reached_at: z.string().nullable().describe("ISO 8601: the push that crossed it; null when not met, or met before the player's history began"),
  before_history: z.boolean().describe("Met before the site kept this player's history: the date is not known"),
});

export const playerAchievementsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}/achievements",
  summary: "Every achievement tier, met or not, with its date and the player's progress",
  tag: TAG,
  auth: "none",
  params: ZPlayerParams,
  responses: {
    200: { description: "The tiers", schema: z.object({ username: z.string(), history_from: z.string().nullable(), results: z.array(ZAchievement) }) },
    404: { description: "Not on the hiscores" },
  },
});

export const ZLogEntry = z.object({
  id: z.number().int(),
  kind: z.string().describe("level, xp, kills, kc, achievement, or what the game reported: drop, pet, quest, clue, collection_log"),
  text: z.string().describe("The entry as a sentence"),
  metric: z.string().nullable(),
  value: z.number().int(),
  count: z.number().int().describe("Repeats folded into the entry (levels gained, kills made)"),
  server_first: z.boolean(),
  started_at: z.string().describe("ISO 8601"),
  at: z.string().describe("ISO 8601: the last repeat"),
});

export const playerLogOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}/log",
  summary: "A player's adventure log, newest first, 25 a page",
  tag: TAG,
  auth: "none",
  params: ZPlayerParams,
  query: z.object({ page: zHiscoresPage }),
  responses: { 200: { description: "The page", schema: zPaged(ZLogEntry) }, 404: { description: "Not on the hiscores" } },
});

export const recentProgressOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/recent",
  summary: "The server's recent achievements, server firsts and rare finds, newest first",
  tag: TAG,
  auth: "none",
  responses: { 200: { description: "The feed", schema: z.object({ results: z.array(ZLogEntry.extend({ username: z.string() })) }) } },
});

export const progressOperations = [playerGainsOp, gainSeriesOp, topGainsOp, recordsOp, playerRecordsOp, playerAchievementsOp, playerLogOp, recentProgressOp];
