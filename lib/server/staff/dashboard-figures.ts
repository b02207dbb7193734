import "server-only";
import { REVENUE_PROVIDER_LABELS, REVENUE_PROVIDERS, type TStaffDashboard, VOTE_SITE_SILENT_HOURS } from "@/lib/schemas/staff-dashboard";
import { db } from "../db";
import { VOTE_SITES } from "../votes/vote-sites";

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

type RevenueRow = { day: string; provider: string; gross: number; refunded: number; charged_back: number };

/**
 * Money per day and provider. A payment counts on the day it was paid (a purchase refunded or
 * disputed later was still paid); a refund or a lost dispute takes the price back on the day it
 * was recorded, and a dispute won after being lost gives it back on that day. An open dispute
 * takes nothing yet (settle.ts takes no credits for it either). Where the settlement records it:
 *   - refunds and lost disputes of credits on the website balance: the purchase's REFUND or
 *     CHARGEBACK ledger entry (one per purchase at most; a second claw-back records none);
 *   - a dispute won back: its ADJUSTMENT entry with the key purchase:<id>:dispute-won;
 *   - credits for the game whose delivery was canceled before the game had it: no ledger
 *     entry, so the purchase's own last change (its status became REFUNDED or DISPUTED) dates it.
 *     Should such a dispute later be won, the delivery is restored and the purchase is PAID
 *     again: it then counts as never charged back.
 */
async function revenue(w: Window): Promise<TStaffDashboard["revenue"]> {
  const rows = await db.$queryRaw<RevenueRow[]>`
    WITH movements AS (
      SELECT p."paidAt" AS at, p.method, p.currency, p."amountCents" AS gross, 0 AS refunded, 0 AS charged_back
      FROM credit_purchases p
      WHERE p.status IN ('PAID', 'REFUNDED', 'DISPUTED') AND p."paidAt" IS NOT NULL
      UNION ALL
      SELECT l."createdAt", p.method, p.currency, 0,
        CASE WHEN l.kind = 'REFUND' THEN p."amountCents" ELSE 0 END,
        CASE WHEN l.kind = 'CHARGEBACK' THEN p."amountCents" ELSE 0 END
      FROM credit_ledger l JOIN credit_purchases p ON p.id = l."creditPurchaseId"
      WHERE l.kind IN ('REFUND', 'CHARGEBACK')
      UNION ALL
      SELECT l."createdAt", p.method, p.currency, 0, 0, -p."amountCents"
      FROM credit_ledger l JOIN credit_purchases p ON p.id = l."creditPurchaseId"
      WHERE l.kind = 'ADJUSTMENT' AND l."idempotencyKey" = 'purchase:' || p.id || ':dispute-won'
      UNION ALL
      SELECT p."updatedAt", p.method, p.currency, 0,
        CASE WHEN p.status = 'REFUNDED' THEN p."amountCents" ELSE 0 END,
        CASE WHEN p.status = 'DISPUTED' THEN p."amountCents" ELSE 0 END
      FROM credit_purchases p JOIN game_deliveries d ON d."creditPurchaseId" = p.id AND d.status = 'CANCELED'
      WHERE p."deliverInGame" AND p.status IN ('REFUNDED', 'DISPUTED')
        AND NOT EXISTS (SELECT 1 FROM credit_ledger x WHERE x."creditPurchaseId" = p.id AND x.kind IN ('REFUND', 'CHARGEBACK'))
    )
    SELECT to_char(m.at, 'YYYY-MM-DD') AS day, lower(m.method::text) AS provider,
      sum(m.gross)::int AS gross, sum(m.refunded)::int AS refunded, sum(m.charged_back)::int AS charged_back
    FROM movements m
    WHERE m.at >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND m.at <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
      AND upper(m.currency) = ${DASHBOARD_CURRENCY}
    GROUP BY 1, 2`;

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
async function creditsSpent(w: Window): Promise<TStaffDashboard["creditsSpent"]> {
  const rows = await db.$queryRaw<{ day: string; credits: number }[]>`
    SELECT to_char("createdAt", 'YYYY-MM-DD') AS day, (-sum(delta))::int AS credits
    FROM credit_ledger
    WHERE kind = 'SPEND' AND "createdAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
    GROUP BY 1`;
  const series = perDay(w, rows, (r) => r.credits, 0);
  return { perDay: series, total: sum(series) };
}

/** Counted votes per day and site, and each site's latest callback (counted or not). */
async function votes(w: Window): Promise<TStaffDashboard["votes"]> {
  const [counts, last] = await Promise.all([
    db.$queryRaw<{ day: string; key: string; votes: number }[]>`
      SELECT to_char(v."createdAt", 'YYYY-MM-DD') AS day, s.key, count(*)::int AS votes
      FROM votes v JOIN vote_sites s ON s.id = v."siteId"
      WHERE v."createdAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND v."createdAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1, 2`,
    // Each site's newest callback through the (siteId, receivedAt) index, not a scan of them all.
    db.$queryRaw<{ key: string; name: string; at: string | null }[]>`
      SELECT s.key, s.name, to_char(c."receivedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM vote_sites s
      LEFT JOIN LATERAL (
        SELECT "receivedAt" FROM vote_callbacks
        WHERE "siteId" = s.id AND "receivedAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
        ORDER BY "receivedAt" DESC LIMIT 1
      ) c ON true
      ORDER BY s."sortOrder", s.id`,
  ]);
  const lastAt = new Map(last.map((r) => [r.key, r.at]));
  const silentBefore = w.now.getTime() - VOTE_SITE_SILENT_HOURS * 60 * 60 * 1000;
  // The configured sites in their order, then any site that is in the database only (one
  // dropped from the configuration still has its votes).
  const listed = [...VOTE_SITES.map((s) => ({ key: s.key as string, name: s.name })), ...last.filter((r) => !VOTE_SITES.some((s) => s.key === r.key))];
  const sites = listed.map((site) => {
    const series = perDay(w, counts.filter((r) => r.key === site.key), (r) => r.votes, 0);
    const lastCallbackAt = lastAt.get(site.key) ?? null;
    return { key: site.key, name: site.name, perDay: series, total: sum(series), lastCallbackAt, silent: lastCallbackAt !== null && Date.parse(lastCallbackAt) < silentBefore };
  });
  const all = w.days.map((_, i) => sum(sites.map((s) => s.perDay[i]!)));
  return { sites, perDay: all, total: sum(all) };
}

/** New accounts per day (users.joinDate). */
async function registrations(w: Window): Promise<TStaffDashboard["registrations"]> {
  const rows = await db.$queryRaw<{ day: string; count: number }[]>`
    SELECT to_char("joinDate", 'YYYY-MM-DD') AS day, count(*)::int AS count
    FROM users
    WHERE "joinDate" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "joinDate" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
    GROUP BY 1`;
  const series = perDay(w, rows, (r) => r.count, 0);
  return { perDay: series, total: sum(series) };
}

/** Each day's peak and mean of the five-minute samples (sample-players-online), and the newest sample. */
async function playersOnline(w: Window): Promise<TStaffDashboard["playersOnline"]> {
  const [rows, latest] = await Promise.all([
    db.$queryRaw<{ day: string; peak: number; average: number }[]>`
      SELECT to_char("sampledAt", 'YYYY-MM-DD') AS day, max("playersOnline")::int AS peak, round(avg("playersOnline"), 1)::float8 AS average
      FROM players_online_samples
      WHERE "sampledAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "sampledAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1`,
    db.playersOnlineSample.findFirst({ where: { sampledAt: { lte: w.now } }, orderBy: { sampledAt: "desc" } }),
  ]);
  return {
    peak: perDay<(typeof rows)[number], number | null>(w, rows, (r) => r.peak, null),
    average: perDay<(typeof rows)[number], number | null>(w, rows, (r) => r.average, null),
    latest: latest ? { at: latest.sampledAt.toISOString(), playersOnline: latest.playersOnline, worlds: latest.worlds } : null,
  };
}

/**
 * What waits for staff, counted as each page counts it: open tickets (/staff/tickets), unresolved
 * reports (/staff/forums/reports), jobs that used up their attempts (/staff/jobs) and provider
 * events not processed or refused (/staff/payments).
 */
async function counters(): Promise<TStaffDashboard["counters"]> {
  const [row] = await db.$queryRaw<TStaffDashboard["counters"][]>`
    SELECT
      (SELECT count(*) FROM tickets WHERE NOT closed)::int AS "openTickets",
      (SELECT count(*) FROM forum_post_reports WHERE "resolvedAt" IS NULL)::int AS "reportsWaiting",
      (SELECT count(*) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS "failedJobs",
      (SELECT count(*) FROM webhook_events WHERE "processedAt" IS NULL OR error IS NOT NULL)::int AS "unappliedEvents"`;
  return row!;
}

/** Every figure of the dashboard for the `range` days up to `now`, straight from the database. */
export async function computeDashboard(range: 30 | 90, now: Date): Promise<TStaffDashboard> {
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
