import "server-only";
import { REVENUE_PROVIDER_LABELS, REVENUE_PROVIDERS, type TDashboardFigures, VOTE_SITE_SILENT_HOURS } from "@/lib/schemas/staff-dashboard";
import { db } from "../db";
import {
  creditsSpentPerDay,
  lastVoteCallbacks,
  playersOnlinePerDay,
  registrationsPerDay,
  revenuePerDay,
  type RevenueRow,
  votesPerDayAndSite,
  waitingCounts,
} from "./sql/dashboard-figures";

// The staff dashboard's figures, one aggregate query each (get-dashboard.ts caches them).
//
// Days are UTC days. Timestamp columns hold UTC without a zone (Prisma's DateTime), so a
// column's ::date is its UTC day, and the window's bounds are passed as ISO text and turned into
// the same kind of value with AT TIME ZONE 'UTC', whatever the session's time zone. A window
// runs from the first day's midnight to `now`: rows stamped after `now` are not counted yet.

/** The currency the site sells in (lib/server/payments/create-purchase.ts). */
export const DASHBOARD_CURRENCY = "USD";

export type Window = { days: string[]; from: string; until: string; now: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `range` UTC days ending with today's, oldest first, and the window's bounds. */
export function dashboardWindow(range: number, now: Date): Window {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: range }, (_, i) => new Date(today - (range - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  return { days, from: `${days[0]}T00:00:00.000Z`, until: now.toISOString(), now };
}

/** One figure per day of the window, 0 (or `empty`) where the query had no row for the day. */
function perDay<R extends { day: string }, V>(w: Window, rows: R[], pick: (r: R) => V, empty: V): V[] {
  const byDay = new Map(rows.map((r) => [r.day, pick(r)]));
  return w.days.map((d) => byDay.get(d) ?? empty);
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Money per day and provider: payments on the day paid, refunds and lost disputes taken back on
 * the day recorded, disputes won given back (the rules are revenuePerDay's, sql/dashboard-figures.ts).
 */
async function revenue(w: Window): Promise<TDashboardFigures["revenue"]> {
  const rows = await revenuePerDay(w, DASHBOARD_CURRENCY);

  const of = (pick: (r: RevenueRow) => number, provider?: string) => {
    const byDay = new Map<string, number>();
    for (const r of rows) if (!provider || r.provider === provider) byDay.set(r.day, (byDay.get(r.day) ?? 0) + pick(r));
    return w.days.map((d) => byDay.get(d) ?? 0);
  };
  const net = (r: RevenueRow) => r.gross - r.refunded - r.charged_back;
  const present = new Set(rows.map((r) => r.provider));
  const grossCents = of((r) => r.gross);
  const refundedCents = of((r) => r.refunded);
  const chargedBackCents = of((r) => r.charged_back);
  const netCents = of(net);
  return {
    byProvider: REVENUE_PROVIDERS.filter((p) => present.has(p)).map((provider) => {
      const series = of(net, provider);
      return { provider, label: REVENUE_PROVIDER_LABELS[provider], netCents: series, totalCents: sum(series) };
    }),
    grossCents,
    refundedCents,
    chargedBackCents,
    netCents,
    totals: { grossCents: sum(grossCents), refundedCents: sum(refundedCents), chargedBackCents: sum(chargedBackCents), netCents: sum(netCents) },
  };
}

/** Credits spent in the store: the SPEND ledger entries (their deltas are negative). */
async function creditsSpent(w: Window): Promise<TDashboardFigures["creditsSpent"]> {
  const rows = await creditsSpentPerDay(w);
  const series = perDay(w, rows, (r) => r.credits, 0);
  return { perDay: series, total: sum(series) };
}

/** Counted votes per day and site, and each site's latest callback (counted or not). */
async function votes(w: Window): Promise<TDashboardFigures["votes"]> {
  const [counts, last] = await Promise.all([votesPerDayAndSite(w), lastVoteCallbacks(w.until)]);
  const silentBefore = w.now.getTime() - VOTE_SITE_SILENT_HOURS * 60 * 60 * 1000;
  // The vote_sites rows in display order with their own names: every active one, and one turned
  // off only while it still has something to show (votes in the window, or a callback ever). An
  // inactive site is never "silent": it is not expected to call.
  const voted = new Set(counts.map((r) => r.key));
  const listed = last.filter((r) => r.active || voted.has(r.key) || r.at !== null);
  const sites = listed.map((site) => {
    const series = perDay(
      w,
      counts.filter((r) => r.key === site.key),
      (r) => r.votes,
      0,
    );
    const lastCallbackAt = site.at;
    return {
      key: site.key,
      name: site.name,
      perDay: series,
      total: sum(series),
      lastCallbackAt,
      silent: site.active && lastCallbackAt !== null && Date.parse(lastCallbackAt) < silentBefore,
    };
  });
  const all = w.days.map((_, i) => sum(sites.map((s) => s.perDay[i]!)));
  return { sites, perDay: all, total: sum(all) };
}

/** New accounts per day (users.joinDate). */
async function registrations(w: Window): Promise<TDashboardFigures["registrations"]> {
  const rows = await registrationsPerDay(w);
  const series = perDay(w, rows, (r) => r.count, 0);
  return { perDay: series, total: sum(series) };
}

/** Each day's peak and mean of the five-minute samples (sample-players-online), and the newest sample. */
async function playersOnline(w: Window): Promise<TDashboardFigures["playersOnline"]> {
  const [rows, latest] = await Promise.all([
    playersOnlinePerDay(w),
    db.playersOnlineSample.findFirst({ where: { sampledAt: { lte: w.now } }, orderBy: { sampledAt: "desc" } }),
  ]);
  return {
    peak: perDay<(typeof rows)[number], number | null>(w, rows, (r) => r.peak, null),
    average: perDay<(typeof rows)[number], number | null>(w, rows, (r) => r.average, null),
    latest: latest ? { at: latest.sampledAt.toISOString(), playersOnline: latest.playersOnline, worlds: latest.worlds } : null,
  };
}

/**
 * What waits for staff, counted as each page counts it: tickets waiting for staff (/staff/tickets), unresolved
 * reports (/staff/forums/reports), jobs that used up their attempts (/staff/jobs) and provider
 * events not processed or refused (/staff/payments).
 */
async function counters(): Promise<TDashboardFigures["counters"]> {
  return waitingCounts();
}

/** Every figure of the dashboard for the `range` days up to `now`, straight from the database. */
export async function computeDashboard(range: 30 | 90, now: Date): Promise<TDashboardFigures> {
  const w = dashboardWindow(range, now);
  const [rev, spent, vote, reg, online, waiting] = await Promise.all([revenue(w), creditsSpent(w), votes(w), registrations(w), playersOnline(w), counters()]);
  return {
    range,
    days: w.days,
    generatedAt: now.toISOString(),
    currency: DASHBOARD_CURRENCY,
    revenue: rev,
    creditsSpent: spent,
    votes: vote,
    registrations: reg,
    playersOnline: online,
    counters: waiting,
  };
}
