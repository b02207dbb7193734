// The periods of gains and records, and where each window starts. Pure.
//
// History is kept by the hour (docs/progress.md), so a window is a run of whole hours ending with
// the current one: "the last day" is the current hour and the 23 before it, "the last week" the
// current hour and the 167 before it, and so on (a year is 365.24 days, rounded to 8,766 hours).
// The calendar week (from Monday) and month begin at midnight in the server's time zone.

export const ROLLING_PERIODS = ["day", "week", "month", "year"] as const;
export const PERIODS = [...ROLLING_PERIODS, "calendar_week", "calendar_month"] as const;
export type Period = (typeof PERIODS)[number];
export type RollingPeriod = (typeof ROLLING_PERIODS)[number];

const HOUR = 3_600_000;

export const PERIOD_HOURS: Record<RollingPeriod, number> = { day: 24, week: 168, month: 744, year: 8766 };

export const PERIOD_LABEL: Record<Period, string> = {
  day: "Day",
  week: "Week",
  month: "Month",
  year: "Year",
  calendar_week: "This week",
  calendar_month: "This month",
};

export const isRollingPeriod = (p: Period): p is RollingPeriod => (ROLLING_PERIODS as readonly string[]).includes(p);

/** The start of the hour (UTC) that holds `t`. */
export function hourOf(t: Date): Date {
  return new Date(Math.floor(t.getTime() / HOUR) * HOUR);
}

/** The wall-clock parts of `t` in `timeZone`. */
export function zonedParts(t: Date, timeZone: string): { y: number; m: number; d: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", weekday: "short" }).formatToParts(t);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday"));
  return { y: Number(get("year")), m: Number(get("month")), d: Number(get("day")), weekday };
}

/** The offset of `timeZone` from UTC at `t`, in ms (positive east of Greenwich). */
function offsetAt(t: Date, timeZone: string): number {
  const p = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(t);
  const get = (type: string) => Number(p.find((x) => x.type === type)!.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(t.getTime() / 1000) * 1000;
}

/** The instant of midnight starting the day y-m-d in `timeZone`. */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle a day whose offset differs from the guess's (a clock change).
  let t = guess - offsetAt(new Date(guess), timeZone);
  t = guess - offsetAt(new Date(t), timeZone);
  return new Date(t);
}

/**
 * Where a period's window starts at `now`: the first hour bucket it takes in. Rolling periods end
 * with the current hour; calendar ones start at the bucket holding their local midnight.
 */
export function periodStart(period: Period, now: Date, timeZone: string): Date {
  if (isRollingPeriod(period)) return new Date(hourOf(now).getTime() - (PERIOD_HOURS[period] - 1) * HOUR);
  const { y, m, d, weekday } = zonedParts(now, timeZone);
  if (period === "calendar_month") return hourOf(zonedMidnight(y, m, 1, timeZone));
  const monday = new Date(Date.UTC(y, m - 1, d - weekday));
  return hourOf(zonedMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone));
}

/** The window of a record ending with the hour that starts at `hour`: its first bucket. */
export function recordWindowStart(period: RollingPeriod, hour: Date): Date {
  return new Date(hour.getTime() - (PERIOD_HOURS[period] - 1) * HOUR);
}
