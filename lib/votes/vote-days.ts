// Days and months of voting in the server's time zone (lib/site-config.ts progress.timeZone), and
// the streak rules read from them. Pure: the streak writer, the reminder job, the monthly prizes
// and the vote page share these. A day is "YYYY-MM-DD", a month "YYYY-MM", both local to the zone.

import { zonedMidnight, zonedParts } from "../progress/periods";
import { siteConfig } from "../site-config";

export const VOTE_TIME_ZONE: string = siteConfig.progress.timeZone;

const pad = (n: number) => String(n).padStart(2, "0");

/** The local day holding `t`. */
export function dayOf(t: Date, timeZone = VOTE_TIME_ZONE): string {
  const { y, m, d } = zonedParts(t, timeZone);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The local month holding `t`. */
export function monthOf(t: Date, timeZone = VOTE_TIME_ZONE): string {
  return dayOf(t, timeZone).slice(0, 7);
}

const parts = (key: string) => key.split("-").map(Number) as [number, number, number?];

/** The day `n` days after `day` (negative: before). Calendar arithmetic, no time zone involved. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const t = new Date(Date.UTC(y, m - 1, (d ?? 1) + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The instants [start, end) of a local day. */
export function dayBounds(day: string, timeZone = VOTE_TIME_ZONE): { start: Date; end: Date } {
  const [y, m, d] = parts(day);
  const next = parts(addDays(day, 1));
  return { start: zonedMidnight(y, m, d!, timeZone), end: zonedMidnight(next[0], next[1], next[2]!, timeZone) };
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = parts(month);
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

/** The instants [start, end) of a local month. */
export function monthBounds(month: string, timeZone = VOTE_TIME_ZONE): { start: Date; end: Date } {
  const [y, m] = parts(month);
  return { start: zonedMidnight(y, m, 1, timeZone), end: m === 12 ? zonedMidnight(y + 1, 1, 1, timeZone) : zonedMidnight(y, m + 1, 1, timeZone) };
}

export const isMonthKey = (v: string): boolean => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** A stored streak: its length, the first and last complete days, and the longest ever. */
export type StreakState = { current: number; longest: number; startDay: string | null; lastDay: string | null };

/**
 * The streak after `day` became complete. A day already counted changes nothing; the day after the
 * last one extends the streak; any later day starts a new one (a missed day broke it).
 */
export function extendStreak(s: StreakState, day: string): StreakState {
  if (s.lastDay !== null && day <= s.lastDay) return s;
  const continues = s.lastDay !== null && addDays(s.lastDay, 1) === day;
  const current = continues ? s.current + 1 : 1;
  return { current, longest: Math.max(s.longest, current), startDay: continues ? s.startDay : day, lastDay: day };
}

/** The streak as of `today`: still alive while its last day is today or yesterday, else broken (0). */
export function currentStreak(s: Pick<StreakState, "current" | "lastDay">, today: string): number {
  return s.lastDay !== null && (s.lastDay === today || s.lastDay === addDays(today, -1)) ? s.current : 0;
}

export type StreakMilestone = { days: number; points: number };

/** The first milestone above `current`, or null past the last. */
export function nextMilestone(current: number, milestones: readonly StreakMilestone[]): StreakMilestone | null {
  return [...milestones].sort((a, b) => a.days - b.days).find((m) => m.days > current) ?? null;
}
