import { z } from "zod";
import { siteConfig } from "../site-config";
import { defineOperation, documentAs, ZErrorBody, ZPageQuery, zPaged } from "./api";

// Contracts of the staff console's vote callbacks: every callback a listing site sent, counted or
// not, with the fraud signals over a window of days (docs/staff.md, "Vote callbacks"). Moderators
// and up. The signals flag; they never refuse or undo a vote.

export const STAFF_VOTE_CALLBACKS_PAGE_SIZE = 50;
/** The verdict filter's two words besides a reason (lib/server/votes/record-vote-callback.ts CALLBACK_REASONS). */
export const VERDICT_COUNTED = "counted";
export const VERDICT_NOT_COUNTED = "not counted";
export const SIGNAL_WINDOW_MAX_DAYS = 90;
const TOP = 10;

const DAY_MESSAGE = "Must be a day as YYYY-MM-DD.";
const zDay = (what: string) => z.iso.date(DAY_MESSAGE).optional().describe(`${what} (UTC), YYYY-MM-DD`);
const DAYS_MESSAGE = `Must be a whole number of days from 1 to ${SIGNAL_WINDOW_MAX_DAYS}.`;

export const ZStaffVoteCallbacksQuery = ZPageQuery.extend({
  site: z
    .string()
    .trim()
    .max(32, "At most 32 characters.")
    .optional()
    .describe("Only this listing site's callbacks: its key (e.g. runelocus); an unknown key is a field error"),
  verdict: z
    .string()
    .trim()
    .max(64, "At most 64 characters.")
    .optional()
    .describe(
      `"${VERDICT_COUNTED}", "${VERDICT_NOT_COUNTED}", or one reason a callback did not count (the reasons are the server's list, e.g. "bad secret", "cooldown"); any other value is a field error`,
    ),
  player: z
    .string()
    .trim()
    .max(32, "At most 32 characters.")
    .optional()
    .describe("Callbacks whose token named an account whose username starts with this (any case)"),
  address: z
    .string()
    .trim()
    .max(64, "At most 64 characters.")
    .optional()
    .describe("An IP address: callbacks sent from it, or counted votes the site reported for a voter at it"),
  from: zDay("Received on or after this day"),
  to: zDay("Received on or before this day"),
  days: documentAs(
    z
      .string()
      .regex(/^\d{1,2}$/, DAYS_MESSAGE)
      .transform(Number)
      .refine((n) => n >= 1 && n <= SIGNAL_WINDOW_MAX_DAYS, DAYS_MESSAGE),
    { type: "integer", minimum: 1, maximum: SIGNAL_WINDOW_MAX_DAYS },
  )
    .optional()
    .describe(`The fraud signals' window: the last this many days (default ${siteConfig.voteFraud.windowDays})`),
}).superRefine((v, ctx) => {
  if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be on or after the first day." });
});
export type TStaffVoteCallbacksQuery = z.output<typeof ZStaffVoteCallbacksQuery>;

export const ZVoteCallbackFlags = z
  .object({
    sharedAddress: z
      .number()
      .int()
      .nullable()
      .describe("The voter's address counted votes for this many accounts in the window (at or above the threshold), or null"),
    noLinkOpen: z.boolean().describe("Counted, but the player did not open this site's vote link (/vote/go) within the cooldown before it"),
    burst: z
      .object({ count: z.number().int(), usual: z.number().describe("The site's median counted callbacks per non-empty bucket") })
      .nullable()
      .describe("Counted in a bucket of the site holding more than its usual rate allows, or null"),
  })
  .describe("The fraud signals this callback is part of: only counted callbacks inside the window are flagged");

export const ZStaffVoteCallback = z.object({
  id: z.number().int().describe("Callback id (vote_callbacks.id)"),
  site: z.object({ key: z.string(), name: z.string() }).nullable(),
  receivedAt: z.string().describe("ISO 8601"),
  address: z.string().nullable().describe("The address the callback came from (the listing site's server), or null when unknown"),
  voterAddress: z.string().nullable().describe("The voter's address as the site reported it (the counted vote's, else the callback's own parameter), or null"),
  player: z.object({ id: z.number().int(), username: z.string() }).nullable().describe("The account the token named, or null"),
  accepted: z.boolean().describe("Counted"),
  reason: z.string().nullable().describe("Why it did not count, or null"),
  query: z.record(z.string(), z.string()).describe("The query string as stored, the site's secret masked"),
  body: z.string().nullable().describe("The body as stored, the site's secret masked"),
  flags: ZVoteCallbackFlags,
});
export type TStaffVoteCallback = z.infer<typeof ZStaffVoteCallback>;

export const ZVoteFraudSignals = z.object({
  from: z.string().describe("ISO 8601: the window's start"),
  to: z.string().describe("ISO 8601: the window's end (now)"),
  days: z.number().int(),
  counted: z.number().int().describe("Counted callbacks in the window"),
  sharedAddresses: z.object({
    minAccounts: z.number().int().describe("The threshold: accounts on one voter address"),
    addresses: z.number().int().describe("Voter addresses at or above it"),
    votes: z.number().int().describe("Counted votes from those addresses"),
    top: z.array(z.object({ address: z.string(), accounts: z.number().int(), votes: z.number().int() })).describe(`The ${TOP} with most accounts`),
  }),
  noLinkOpen: z.object({
    votes: z.number().int().describe("Counted callbacks whose player had not opened that site's vote link within the cooldown before"),
  }),
  bursts: z.object({
    bucketMinutes: z.number().int(),
    multiple: z.number(),
    minCallbacks: z.number().int(),
    buckets: z.number().int().describe("Buckets above their site's usual rate"),
    votes: z.number().int().describe("Counted callbacks in those buckets"),
    top: z
      .array(z.object({ site: z.string(), start: z.string(), count: z.number().int(), usual: z.number() }))
      .describe(`The ${TOP} largest, with the site's key and the bucket's start (ISO 8601)`),
  }),
});
export type TVoteFraudSignals = z.infer<typeof ZVoteFraudSignals>;
export const SIGNALS_TOP = TOP;

export const ZStaffVoteCallbacksPage = zPaged(ZStaffVoteCallback).extend({
  count: z.number().int().describe("Callbacks matching the filters, over all pages"),
  signals: ZVoteFraudSignals.describe("The fraud signals over the window (the filters do not narrow them)"),
});
export type TStaffVoteCallbacksPage = z.infer<typeof ZStaffVoteCallbacksPage>;

export const listStaffVoteCallbacksOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/votes/callbacks",
  summary: `Every stored vote callback, newest first, ${STAFF_VOTE_CALLBACKS_PAGE_SIZE} per page, with the fraud signals (moderator)`,
  description:
    "Each callback as stored (the site's secret masked), its verdict, and the fraud signals it is part of: many accounts voting from one address, counted votes with no vote-link open before them, and bursts beyond a site's usual rate (thresholds in lib/site-config.ts voteFraud). Signals flag; nothing is refused because of them.",
  tag: "Staff: votes",
  auth: "moderator",
  query: ZStaffVoteCallbacksQuery,
  responses: {
    200: { description: "A page of callbacks and the window's signals", schema: ZStaffVoteCallbacksPage },
    400: { description: "Field errors (an unknown site or verdict among them)", schema: ZErrorBody },
  },
});

export const staffVoteOperations = [listStaffVoteCallbacksOp];
