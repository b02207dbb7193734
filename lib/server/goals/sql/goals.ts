import "server-only";
import { GOAL_METHODS } from "@/lib/goals/progress";
import type { Db, Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// Community goal sums and the supporter widgets' reads, over completed provider payments
// (credit_purchases PAID, GOAL_METHODS, in US dollars) by their paidAt: the index
// credit_purchases (status, paidAt) serves each. paidAt is UTC without a zone, as Prisma writes it.

/** Completed payments with paidAt in [from, to), in cents: what a goal's window has raised. */
export async function raisedCents(q: Tx | Db, from: Date, to: Date): Promise<number> {
  const sum = await q.creditPurchase.aggregate({
    where: { status: "PAID", method: { in: [...GOAL_METHODS] }, currency: "USD", paidAt: { gte: from, lt: to } },
    _sum: { amountCents: true },
  });
  return sum._sum.amountCents ?? 0;
}

/** Locks, in id order, the goals whose window (to its effective end) holds `paidAt`; their ids. */
export async function lockGoalsCovering(tx: Tx, paidAt: Date): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM community_goals
    WHERE "startsAt" <= ${paidAt}::timestamptz
      AND ${paidAt}::timestamptz < LEAST("endsAt", COALESCE("endedAt", "endsAt"))
    ORDER BY id
    FOR UPDATE`;
  return rows.map((r) => r.id);
}

// Shown by name: a player (never staff), not banned now, who has not opted out (users.showAsSupporter).

/** The player shown who paid the most in [from, to) (ties: the first to pay); null when none. */
export async function topDonator(q: Db, from: Date, to: Date): Promise<{ username: string } | null> {
  const rows = await q.$queryRaw<{ username: string }[]>`
    SELECT u.username FROM credit_purchases p JOIN users u ON u.id = p."userId"
    WHERE p.status = 'PAID' AND p.method::text = ANY(${[...GOAL_METHODS]}::text[]) AND p.currency = 'USD'
      AND p."paidAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND p."paidAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
      AND u.privilege = 'PLAYER' AND u."showAsSupporter" AND NOT ${BANNED_NOW}
    GROUP BY u.id, u.username
    ORDER BY sum(p."amountCents") DESC, min(p."paidAt") ASC, u.id ASC
    LIMIT 1`;
  return rows[0] ?? null;
}

/** The latest completed payments of players shown: name and time. */
export async function recentSupporters(q: Db, limit: number): Promise<{ username: string; paidAt: Date }[]> {
  return q.$queryRaw<{ username: string; paidAt: Date }[]>`
    SELECT u.username, (p."paidAt" AT TIME ZONE 'UTC') AS "paidAt" FROM credit_purchases p JOIN users u ON u.id = p."userId"
    WHERE p.status = 'PAID' AND p.method::text = ANY(${[...GOAL_METHODS]}::text[]) AND p."paidAt" IS NOT NULL
      AND u.privilege = 'PLAYER' AND u."showAsSupporter" AND NOT ${BANNED_NOW}
    ORDER BY p."paidAt" DESC, p.id DESC
    LIMIT ${limit}`;
}
