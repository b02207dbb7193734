// The vote goal's rounds (docs/game-integration.md, "Vote goal"). Pure.
//
// A DAY goal has one round per calendar day in the server's time zone: the day's counted votes
// reach it once, and the next day starts from nothing (votes over the target do not carry over).
// A ROLLING goal of N hours counts the votes of the last N hours cast after the vote that reached
// the previous round: reaching a round starts the next from nothing, and a vote older than N
// hours drops out. Rounds are numbered 1, 2, 3... over the goal's life either way.

import { zonedMidnight } from "@/lib/progress/periods";

export type VoteGoalShape = {
  window: "DAY" | "ROLLING";
  windowHours: number | null;
  startsAt: Date;
  endsAt: Date | null;
  reachedThrough: Date | null;
};

/** The span whose counted votes make the round in progress at `now`: votes with after < createdAt <= through. */
export type RoundSpan = {
  /** Votes strictly after this count. */
  after: Date;
  /** Votes up to and including this count; null: no bound. */
  through: Date | null;
  /** A DAY goal already reached for this day: nothing more until the next. */
  reached: boolean;
  /** The day's (or rolling window's) bounds, as shown: [start, end). */
  periodStart: Date;
  periodEnd: Date;
};

const HOUR = 3_600_000;

/** The calendar day in `timeZone` holding `t`: its first instant and the next day's. */
export function zonedDay(t: Date, timeZone: string): { start: Date; end: Date } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" }).formatToParts(t);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const [y, m, d] = [get("year"), get("month"), get("day")];
  return { start: zonedMidnight(y, m, d, timeZone), end: zonedMidnight(y, m, d + 1, timeZone) };
}

const later = (a: Date, b: Date | null) => (b && b > a ? b : a);

const earlier = (a: Date, b: Date | null) => (b && b < a ? b : a);
const justBefore = (t: Date) => new Date(t.getTime() - 1);

/**
 * The round in progress at `now`: which counted votes make it. Votes before the goal starts or
 * from its end never count. The span is not cut at `now`: a vote stamped a moment later that
 * committed first counts too (times are in ms, as votes are stored).
 */
export function roundSpan(g: VoteGoalShape, now: Date, timeZone: string): RoundSpan {
  const beforeStart = justBefore(g.startsAt);
  const end = g.endsAt ? justBefore(g.endsAt) : null;
  if (g.window === "DAY") {
    const day = zonedDay(now, timeZone);
    const reached = g.reachedThrough !== null && g.reachedThrough >= day.start;
    return {
      after: later(justBefore(day.start), beforeStart),
      through: earlier(justBefore(day.end), end),
      reached,
      periodStart: day.start,
      periodEnd: day.end,
    };
  }
  const hours = g.windowHours ?? 24;
  const windowStart = new Date(now.getTime() - hours * HOUR);
  return { after: later(later(windowStart, beforeStart), g.reachedThrough), through: end, reached: false, periodStart: windowStart, periodEnd: now };
}

/** 0–100, rounded down: 100 only when reached. */
export function votePercent(votes: number, target: number): number {
  return votes >= target ? 100 : Math.floor((Math.max(votes, 0) * 100) / target);
}

/** Is the goal open (counting) at `now`? */
export const voteGoalOpen = (g: { active: boolean; startsAt: Date; endsAt: Date | null }, now: Date): boolean =>
  g.active && g.startsAt <= now && (g.endsAt === null || now < g.endsAt);
