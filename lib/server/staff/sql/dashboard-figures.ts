import "server-only";
import { db } from "../../db";

// The staff dashboard's aggregate queries, one per figure. Timestamp columns hold UTC without a
// zone (Prisma's DateTime), so a column's ::date is its UTC day, and the window's bounds come as
// ISO text turned into the same kind of value with AT TIME ZONE 'UTC', whatever the session's
// time zone. Days are returned as 'YYYY-MM-DD' text.

/** The window's bounds as ISO text: from the first day's midnight (UTC) to now. */
export type DayBounds = { from: string; until: string };

/** Money of one provider on one day, in cents. */
export type RevenueRow = { day: string; provider: string; gross: number; refunded: number; charged_back: number };

/**
 * Money per day and provider in `currency`. A payment counts on the day it was paid (a purchase
 * refunded or disputed later was still paid); a refund or a lost dispute takes the price back on
 * the day it was recorded, and a dispute won after being lost gives it back on that day. An open
 * dispute takes nothing yet (settle.ts takes no credits for it either). Where the settlement
 * records it:
 *   - refunds and lost disputes of credits on the website balance: the purchase's REFUND or
 *     CHARGEBACK ledger entry (one per purchase at most; a second claw-back records none);
 *   - a dispute won back: its ADJUSTMENT entry with the key purchase:<id>:dispute-won;
 *   - credits for the game whose delivery was canceled before the game had it: no ledger
 *     entry, so the purchase's own last change (its status became REFUNDED or DISPUTED) dates it.
 *     Should such a dispute later be won, the delivery is restored and the purchase is PAID
 *     again: it then counts as never charged back.
 */
export function revenuePerDay(w: DayBounds, currency: string): Promise<RevenueRow[]> {
  return db.$queryRaw<RevenueRow[]>`
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
      AND upper(m.currency) = ${currency}
    GROUP BY 1, 2`;
}

/** Credits spent in the store per day: the SPEND ledger entries (their deltas are negative), as a positive sum. */
export function creditsSpentPerDay(w: DayBounds): Promise<{ day: string; credits: number }[]> {
  return db.$queryRaw<{ day: string; credits: number }[]>`
    SELECT to_char("createdAt", 'YYYY-MM-DD') AS day, (-sum(delta))::int AS credits
    FROM credit_ledger
    WHERE kind = 'SPEND' AND "createdAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
    GROUP BY 1`;
}

/** Counted votes per day and vote site (by its key). */
export function votesPerDayAndSite(w: DayBounds): Promise<{ day: string; key: string; votes: number }[]> {
  return db.$queryRaw<{ day: string; key: string; votes: number }[]>`
      SELECT to_char(v."createdAt", 'YYYY-MM-DD') AS day, s.key, count(*)::int AS votes
      FROM votes v JOIN vote_sites s ON s.id = v."siteId"
      WHERE v."createdAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND v."createdAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1, 2`;
}

/** A vote site (turned on or off) and its newest callback up to the window's end (ISO text), or null. */
export type LastCallbackRow = { key: string; name: string; active: boolean; at: string | null };

/** Every vote site in the database, in its order, with its newest callback (counted or not) up to `until`. */
export function lastVoteCallbacks(until: string): Promise<LastCallbackRow[]> {
  // Each site's newest callback through the (siteId, receivedAt) index, not a scan of them all.
  return db.$queryRaw<LastCallbackRow[]>`
      SELECT s.key, s.name, s.active, to_char(c."receivedAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
      FROM vote_sites s
      LEFT JOIN LATERAL (
        SELECT "receivedAt" FROM vote_callbacks
        WHERE "siteId" = s.id AND "receivedAt" <= (${until}::timestamptz AT TIME ZONE 'UTC')
        ORDER BY "receivedAt" DESC LIMIT 1
      ) c ON true
      ORDER BY s."sortOrder", s.id`;
}

/** New accounts per day (users.joinDate). */
export function registrationsPerDay(w: DayBounds): Promise<{ day: string; count: number }[]> {
  return db.$queryRaw<{ day: string; count: number }[]>`
    SELECT to_char("joinDate", 'YYYY-MM-DD') AS day, count(*)::int AS count
    FROM users
    WHERE "joinDate" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "joinDate" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
    GROUP BY 1`;
}

/** One day's peak and mean of the players-online samples. */
export type PlayersOnlineDayRow = { day: string; peak: number; average: number };

/** Each day's peak and mean (one decimal) of the five-minute players-online samples. */
export function playersOnlinePerDay(w: DayBounds): Promise<PlayersOnlineDayRow[]> {
  return db.$queryRaw<PlayersOnlineDayRow[]>`
      SELECT to_char("sampledAt", 'YYYY-MM-DD') AS day, max("playersOnline")::int AS peak, round(avg("playersOnline"), 1)::float8 AS average
      FROM players_online_samples
      WHERE "sampledAt" >= (${w.from}::timestamptz AT TIME ZONE 'UTC') AND "sampledAt" <= (${w.until}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1`;
}

/** What waits for staff, counted. */
export type WaitingCountsRow = { openTickets: number; reportsWaiting: number; failedJobs: number; unappliedEvents: number };

/**
 * Tickets waiting for staff (state OPEN: not those waiting for the player), unresolved reports, jobs that used up their attempts (graphile-worker's view) and
 * provider events not processed or refused, in one row.
 */
export async function waitingCounts(): Promise<WaitingCountsRow> {
  const [row] = await db.$queryRaw<WaitingCountsRow[]>`
    SELECT
      (SELECT count(*) FROM tickets WHERE state = 'OPEN')::int AS "openTickets",
      (SELECT count(*) FROM forum_post_reports WHERE "resolvedAt" IS NULL)::int AS "reportsWaiting",
      (SELECT count(*) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS "failedJobs",
      (SELECT count(*) FROM webhook_events WHERE "processedAt" IS NULL OR error IS NOT NULL)::int AS "unappliedEvents"`;
  return row!;
}
