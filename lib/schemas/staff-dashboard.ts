import { z } from "zod";
import { defineOperation } from "./api";

// Contract of the staff dashboard: revenue, credits spent, votes, registrations and
// players online per day over the last 30 or 90 days, and what waits for staff. Moderators and
// up; revenue and the counters of the administrators' areas only for administrators and up. Series are column-shaped: every per-day array lines up with `days`, oldest day first.

export const DASHBOARD_RANGES = [30, 90] as const;
export type TDashboardRange = (typeof DASHBOARD_RANGES)[number];
/** The answer is cached this long, for every app process (lib/server/staff/get-dashboard.ts). */
export const DASHBOARD_CACHE_SEC = 60;
/** A vote site that has called before and then stays silent this long gets a warning. */
export const VOTE_SITE_SILENT_HOURS = 24;

/** How a purchase was paid, as stored (credit_purchases.method), lower case as in the other staff contracts. */
export const REVENUE_PROVIDERS = ["stripe", "paypal", "coinbase", "ingame", "manual"] as const;
export type TRevenueProvider = (typeof REVENUE_PROVIDERS)[number];
export const REVENUE_PROVIDER_LABELS: Record<TRevenueProvider, string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  coinbase: "Coinbase",
  ingame: "In game",
  manual: "Recorded by staff",
};

export const ZStaffDashboardQuery = z.object({
  range: z
    .enum(["30", "90"], { error: "Range must be 30 or 90." })
    .optional()
    .transform((r): TDashboardRange => (r === "90" ? 90 : 30))
    .describe("How many days to show, today (UTC) included: 30 (the default) or 90"),
});

const perDay = (what: string) => z.array(z.number().int()).describe(`${what}, one figure per entry of \`days\``);

/** Every figure, as computed and cached (lib/server/staff/get-dashboard.ts); each rank is answered part of it. */
export const ZDashboardFigures = z.object({
  range: z.union([z.literal(30), z.literal(90)]).describe("Days covered"),
  days: z.array(z.string()).describe("The UTC days covered, YYYY-MM-DD, oldest first (today last)"),
  generatedAt: z.string().describe("ISO 8601: when these figures were computed (they are cached up to a minute)"),
  currency: z.string().describe("The currency of every amount (the currency the site sells in)"),
  revenue: z.object({
    byProvider: z
      .array(z.object({ provider: z.enum(REVENUE_PROVIDERS), label: z.string(), netCents: perDay("Net revenue in cents"), totalCents: z.number().int() }))
      .describe("Providers with any payment, refund or chargeback in the range, in a fixed order"),
    grossCents: perDay("Payments received, in cents"),
    refundedCents: perDay("Refunds, in cents, on the day they were made"),
    chargedBackCents: perDay("Chargebacks (disputes lost, less disputes won back afterwards), in cents, on the day they were decided"),
    netCents: perDay("Received less refunded and charged back, in cents"),
    totals: z.object({ grossCents: z.number().int(), refundedCents: z.number().int(), chargedBackCents: z.number().int(), netCents: z.number().int() }),
  }),
  creditsSpent: z.object({ perDay: perDay("Credits spent in the store"), total: z.number().int() }),
  votes: z.object({
    sites: z
      .array(
        z.object({
          key: z.string(),
          name: z.string(),
          perDay: perDay("Counted votes"),
          total: z.number().int(),
          lastCallbackAt: z.string().nullable().describe("ISO 8601: the site's latest callback, counted or not; null when it never called"),
          silent: z.boolean().describe(`An active site that has called before, but not in the last ${VOTE_SITE_SILENT_HOURS} hours`),
        }),
      )
      .describe("Every active vote site in display order, and a turned-off one that has votes in the range or has ever called"),
    perDay: perDay("Counted votes, all sites"),
    total: z.number().int(),
  }),
  registrations: z.object({ perDay: perDay("New accounts"), total: z.number().int() }),
  playersOnline: z.object({
    peak: z.array(z.number().int().nullable()).describe("The day's highest sample, one per entry of `days`; null when no sample was taken that day"),
    average: z.array(z.number().nullable()).describe("The day's mean of the samples (one decimal), null when none"),
    latest: z
      .object({ at: z.string().describe("ISO 8601"), playersOnline: z.number().int(), worlds: z.number().int() })
      .nullable()
      .describe("The newest sample, or null"),
  }),
  counters: z.object({
    openTickets: z.number().int(),
    reportsWaiting: z.number().int().describe("Forum post reports not resolved yet"),
    failedJobs: z.number().int().describe("Background jobs that used up their attempts"),
    unappliedEvents: z.number().int().describe("Payment provider events not processed, or refused with an error"),
  }),
});
export type TDashboardFigures = z.infer<typeof ZDashboardFigures>;

const ADMINS_ONLY = "administrators and up, as the payments and jobs areas are; absent for a moderator";

/** The answer: the figures of the staff areas the caller's rank may use. */
export const ZStaffDashboard = ZDashboardFigures.extend({
  revenue: ZDashboardFigures.shape.revenue.optional().describe(`Money taken in per day (${ADMINS_ONLY})`),
  counters: ZDashboardFigures.shape.counters.extend({
    failedJobs: z.number().int().optional().describe(`Background jobs that used up their attempts (${ADMINS_ONLY})`),
    unappliedEvents: z.number().int().optional().describe(`Payment provider events not processed, or refused with an error (${ADMINS_ONLY})`),
  }),
});
export type TStaffDashboard = z.infer<typeof ZStaffDashboard>;

export const staffDashboardOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/dashboard",
  summary: "The staff dashboard's figures per day over 30 or 90 days, and the counters of what waits (moderator)",
  description:
    "Computed from the database at most once a minute for every app process; `generatedAt` says when. Each rank gets the figures of the staff areas it may use: `revenue` and the `failedJobs` and `unappliedEvents` counters only administrators and up.",
  tag: "Staff dashboard",
  auth: "moderator",
  query: ZStaffDashboardQuery,
  responses: { 200: { description: "The figures", schema: ZStaffDashboard } },
});

export const staffDashboardOperations = [staffDashboardOp];
