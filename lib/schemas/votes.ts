import { z } from "zod";
import { siteConfig, type VoteSiteConfig } from "../site-config";
import { defineOperation, documentWith, rawBody, ZErrorBody } from "./api";

// Contracts of voting (docs/product.md §2 Vote, §3 Vote countdowns and metrics, §7; docs/game-integration.md, Vote callbacks).

export type VoteSiteKey = (typeof siteConfig.voteSites)[number]["key"];
export const VOTE_SITE_KEYS = siteConfig.voteSites.map((s) => s.key) as [VoteSiteKey, ...VoteSiteKey[]];

/** docs/product.md §9: statistics are refreshed every five minutes. */
export const VOTE_METRICS_REFRESH_SEC = 5 * 60;
export const LEADERBOARD_SIZE = 10;
export const VOTE_HISTORY_SIZE = 20;
export const NO_LEADERBOARD = "No monthly leaderboard information found";

const TAG = "Voting";
const zWhen = z.string().nullable().describe("ISO 8601 time the next vote counts, or null when the player may vote now");

/**
 * The configuration's three keys are always there (null for one an administrator turned off);
 * every other active vote site an administrator added (/staff/votes/sites) comes under its own key.
 */
export const ZVoteCountdown = z
  .object(Object.fromEntries(VOTE_SITE_KEYS.map((k) => [k, zWhen])) as Record<VoteSiteKey, typeof zWhen>)
  .catchall(zWhen.describe("Another active vote site, by its key: ISO 8601 time the next vote counts, or null when the player may vote now"));
export type TVoteCountdown = z.infer<typeof ZVoteCountdown>;

export const voteCountdownOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/countdown",
  summary: "When the caller may next vote on each site",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "A time or null per active site, each with its own cooldown", schema: ZVoteCountdown } },
});

export const ZVoteMetrics = z.object({
  totalVotes: z.number().int().describe("Votes counted since the beginning"),
  monthlyVotes: z.number().int().describe("Votes counted this calendar month (UTC)"),
  monthlyLeaderboard: z.array(z.object({ username: z.string(), count: z.number().int() })).describe(`Top ${LEADERBOARD_SIZE} voters this month`),
  month: z.number().int().min(1).max(12).describe("The month the monthly figures are for (UTC)"),
  year: z.number().int(),
  refreshed: z.string().describe("ISO 8601: when these figures were computed (every five minutes)"),
});
export type TVoteMetrics = z.infer<typeof ZVoteMetrics>;

export const voteMetricsOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/metrics",
  summary: "Vote statistics, refreshed every five minutes",
  tag: TAG,
  auth: "none",
  responses: { 200: { description: "Totals and the monthly leaderboard", schema: ZVoteMetrics } },
});

export const ZVoteHistoryRow = z.object({
  id: z.number().int().describe("Callback id"),
  site: z.string().describe("Vote site key"),
  site_name: z.string(),
  time: z.string().describe("ISO 8601, when the listing site told us"),
  counted: z.boolean(),
  reason: z.string().nullable().describe("Why the vote did not count, when it did not"),
  reward: z.enum(["pending", "delivered"]).nullable().describe("The in-game reward of a counted vote: waiting to be claimed in game, or received"),
});
export type TVoteHistoryRow = z.infer<typeof ZVoteHistoryRow>;
export const ZVoteHistory = z.object({ results: z.array(ZVoteHistoryRow) });

export const voteHistoryOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/history",
  summary: "The caller's recent votes and whether each counted",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: `The last ${VOTE_HISTORY_SIZE} callbacks for the caller`, schema: ZVoteHistory } },
});

export const ZVoteLinks = z.object({
  sites: z.array(
    z.object({
      key: z.string().describe("Vote site key"),
      name: z.string().describe("The listing site's name"),
      href: z.string().describe("The listing site's vote page, carrying the caller's name and vote incentive token"),
      go: z
        .string()
        .describe(
          "The same, through this site: GET /vote/go/{key} (a signed-in browser) records that the caller opened the link, then redirects (303) to href. The vote page's buttons use it",
        ),
    }),
  ),
});
export type TVoteLinks = z.infer<typeof ZVoteLinks>;
export const voteLinksOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/links",
  summary: "The caller's vote link on each listing site (the vote page's buttons)",
  description: "The first call makes the caller's vote incentive token, which every later link carries.",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "One link per active vote site, in display order", schema: ZVoteLinks } },
});

// An enum in the document only: any other key is a 404 (docs/game-integration.md, Vote callbacks).
export const ZVoteCallbackParams = z.object({
  site: documentWith(z.string().max(32), { enum: VOTE_SITE_KEYS }).describe("Vote site key: " + VOTE_SITE_KEYS.join(", ")),
});
export const ZVoteCallbackAnswer = z.object({
  status: z.enum(["accepted", "duplicate", "ignored"]).describe("accepted: counted; duplicate: within the cooldown; ignored: no such player"),
  details: z.string().optional(),
});

const callbackDescription =
  "Called by a listing site after a vote. Parameters are each site's own (lib/site-config.ts); its secret is compared in constant time and/or its address checked against VOTE_<KEY>_IPS. Every call is stored with its outcome. 403 for a wrong secret or address, 404 for an unknown site.";
/** Every site's callback parameter names (lib/site-config.ts): name → what it carries → on which sites. */
const PARAM_ROLES = { token: "The vote incentive token", secret: "The shared secret", voterIp: "The voter's address" } as const;
const CALLBACK_PARAMS = new Map<string, Map<string, string[]>>();
for (const site of siteConfig.voteSites as readonly VoteSiteConfig[])
  for (const role of ["token", "secret", "voterIp"] as const) {
    const name = site.callback[role];
    if (!name) continue;
    const roles = CALLBACK_PARAMS.get(name) ?? new Map<string, string[]>();
    roles.set(PARAM_ROLES[role], [...(roles.get(PARAM_ROLES[role]) ?? []), site.key]);
    CALLBACK_PARAMS.set(name, roles);
  }

/**
 * The form fields a listing site sends (the document's form body; the handler reads the bytes):
 * each site's own names, any other field is stored as sent.
 */
export const ZVoteCallbackForm = z
  .object(
    Object.fromEntries(
      [...CALLBACK_PARAMS].map(([name, roles]) => [
        name,
        z
          .string()
          .optional()
          .describe([...roles].map(([role, sites]) => `${role} (${sites.join(", ")})`).join("; ")),
      ]),
    ),
  )
  .catchall(z.string());
const callbackBody = rawBody(
  "application/x-www-form-urlencoded",
  "The site's parameters (form-encoded or JSON); the query string is read too",
  ZVoteCallbackForm,
);

export const voteCallbackGetOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/callback/{site}",
  summary: "Vote callback from a listing site (GET)",
  description: callbackDescription,
  tag: TAG,
  auth: "none",
  rateLimited: true,
  params: ZVoteCallbackParams,
  responses: {
    200: { description: "Outcome", schema: ZVoteCallbackAnswer },
    403: { description: "Wrong secret or address, or the site is not configured", schema: ZErrorBody },
  },
});

export const voteCallbackPostOp = defineOperation({
  method: "POST",
  path: "/api/v1/vote/callback/{site}",
  summary: "Vote callback from a listing site (POST)",
  description: callbackDescription,
  tag: TAG,
  auth: "none",
  rateLimited: true,
  params: ZVoteCallbackParams,
  body: callbackBody,
  responses: {
    200: { description: "Outcome", schema: ZVoteCallbackAnswer },
    403: { description: "Wrong secret or address, or the site is not configured", schema: ZErrorBody },
  },
});

// ── streaks, rewards waiting and the month's standing (docs/game-integration.md, "Vote streaks and top voters") ──

export const ZVoteStanding = z.object({
  sites: z
    .array(
      z.object({
        key: z.string().describe("Vote site key"),
        points: z.number().int().describe("Vote points a counted vote on this site gives the caller, the donator bonus applied"),
      }),
    )
    .describe("Each active site's reward for the caller"),
  multiplier: z.number().describe("The caller's donator bonus on vote points (1 without a donator rank)"),
  waiting: z
    .array(
      z.object({
        id: z.number().int().describe("Delivery id"),
        kind: z.enum(["vote_reward", "vote_streak_reward", "vote_monthly_prize"]).describe("What it is for"),
        text: z.string().describe("What the game will hand over, e.g. '2 vote points (RuneLocus)'"),
        created: z.string().describe("ISO 8601"),
      }),
    )
    .describe("Vote rewards queued for the caller and not yet received in game, oldest first"),
  waiting_total: z.number().int().describe("How many vote rewards are waiting in all (the list shows the oldest)"),
  streak: z.object({
    current: z.number().int().describe("Days in a row, up to today or yesterday, with a counted vote on every site; 0 when broken"),
    longest: z.number().int().describe("The longest streak ever"),
    today_complete: z.boolean().describe("Whether today (the server's time zone) already counts"),
    next_milestone: z
      .object({ days: z.number().int(), points: z.number().int().describe("Bonus vote points, the donator bonus applied") })
      .nullable()
      .describe("The next milestone, or null past the last"),
    time_zone: z.string().describe("The server's time zone (IANA name), where days begin"),
  }),
  month: z.object({
    month: z.string().describe("This month, YYYY-MM (the server's time zone)"),
    votes: z.number().int().describe("The caller's counted votes this month"),
    place: z.number().int().nullable().describe("The caller's place among this month's voters; null without a vote this month"),
  }),
});
export type TVoteStanding = z.infer<typeof ZVoteStanding>;

export const voteStandingOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/standing",
  summary: "The caller's vote rewards per site, rewards waiting in game, streak and place this month",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "The caller's standing", schema: ZVoteStanding } },
});

export const ZMonthlyWinnersQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Must be a month: YYYY-MM.")
    .optional()
    .describe("The month, YYYY-MM (the server's time zone); last month when left out"),
});
export const ZMonthlyWinners = z.object({
  month: z.string().describe("The month, YYYY-MM"),
  results: z
    .array(
      z.object({
        place: z.number().int(),
        username: z.string(),
        votes: z.number().int().describe("Counted votes that month"),
        prize: z.string().describe("The place's prize, e.g. '10M coins'"),
      }),
    )
    .describe("The month's top voters and their prizes, by place; empty until the month is awarded (the first hour after it ends)"),
});
export type TMonthlyWinners = z.infer<typeof ZMonthlyWinners>;

export const voteMonthlyWinnersOp = defineOperation({
  method: "GET",
  path: "/api/v1/vote/monthly-winners",
  summary: "A month's top voters and their prizes",
  tag: TAG,
  auth: "none",
  query: ZMonthlyWinnersQuery,
  responses: { 200: { description: "The month's winners", schema: ZMonthlyWinners } },
});

export const voteOperations = [
  voteCountdownOp,
  voteLinksOp,
  voteMetricsOp,
  voteHistoryOp,
  voteStandingOp,
  voteMonthlyWinnersOp,
  voteCallbackGetOp,
  voteCallbackPostOp,
];
