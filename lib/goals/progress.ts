// Community goal progress (docs/payments.md, "Community goals"). Pure.
//
// A goal counts completed payments taken by a payment provider: a purchase PAID through Stripe,
// PayPal or Coinbase (::store purchases included: they are paid through the same providers). Never
// MANUAL (recorded by staff, e.g. gold accepted through a ticket), never INGAME (no provider
// confirms such a row: the site writes none today, and an imported one is not money we saw), and
// never a ledger adjustment (a staff credit grant is not a payment at all).

/** The payment methods whose PAID purchases count towards a goal. */
export const GOAL_METHODS = ["STRIPE", "PAYPAL", "COINBASE"] as const;

export type GoalProgress = {
  /** The round in progress (1 for a goal that is not repeatable). */
  round: number;
  /** Paid towards this round, in cents (the overflow of the rounds before it included). */
  progressCents: number;
  /** 0–100, rounded down: 100 only when the round is reached. */
  percent: number;
  /** A goal that is not repeatable, reached. */
  reached: boolean;
};

/**
 * Where a goal stands. `roundsReached` is the rounds already rewarded: it never goes back, so a
 * refund after a round was reached takes from the next round's progress (never below 0), and the
 * reward already handed to the game stays given.
 */
export function goalProgress(totalCents: number, targetCents: number, roundsReached: number, repeatable: boolean): GoalProgress {
  if (!repeatable) {
    const reached = roundsReached >= 1 || totalCents >= targetCents;
    const progressCents = Math.min(Math.max(totalCents, 0), targetCents);
    return { round: 1, progressCents: reached ? targetCents : progressCents, percent: reached ? 100 : percentOf(progressCents, targetCents), reached };
  }
  const progressCents = Math.max(0, totalCents - roundsReached * targetCents);
  return { round: roundsReached + 1, progressCents, percent: percentOf(Math.min(progressCents, targetCents), targetCents), reached: false };
}

/** Rounds a total has reached: every whole target for a repeatable goal, at most one otherwise. */
export function roundsFor(totalCents: number, targetCents: number, repeatable: boolean): number {
  const whole = Math.floor(Math.max(totalCents, 0) / targetCents);
  return repeatable ? whole : Math.min(whole, 1);
}

function percentOf(part: number, whole: number): number {
  if (part >= whole) return 100;
  return Math.floor((part * 100) / whole);
}

/** The window's effective end: its end, or when staff ended it if that came first. */
export const goalEnd = (g: { endsAt: Date; endedAt: Date | null }): Date => (g.endedAt && g.endedAt < g.endsAt ? g.endedAt : g.endsAt);
