// When a weekly schedule's competitions start, and which metric each one counts. Pure: the job
// that makes them and the answers that show the next start both read it here.
//
// A schedule names a weekday (1 Monday … 7 Sunday) and an hour of the server's time zone
// (progressConfig.timeZone). Its starts are that wall-clock time every week, so a clock change
// keeps the local hour and moves the UTC instant. The rotation is counted in weeks from
// `rotationFrom` (the schedule's first start, moved when its rotation or time changes), so every
// job runner picks the same metric for the same start.

const WEEK_MS = 7 * 24 * 3_600_000;

/** The wall-clock parts of `t` in `timeZone`; weekday 1 Monday … 7 Sunday. */
function wallClock(t: Date, timeZone: string): { y: number; m: number; d: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric", weekday: "short" }).formatToParts(t);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  return { y: Number(get("year")), m: Number(get("month")), d: Number(get("day")), weekday };
}

/** The offset of `timeZone` from UTC at `t`, in ms. */
function offsetAt(t: number, timeZone: string): number {
  const p = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(p.find((x) => x.type === type)!.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(t / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` shows y-m-d h:00 (an hour skipped by a clock change reads as the hour after). */
export function zonedHour(y: number, m: number, d: number, h: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d, h);
  let t = guess - offsetAt(guess, timeZone);
  t = guess - offsetAt(t, timeZone);
  return new Date(t);
}

/** The first start of (weekday, hour) in `timeZone` at or after `from`. */
export function nextStart(weekday: number, hour: number, from: Date, timeZone: string): Date {
  const today = wallClock(from, timeZone);
  for (let ahead = 0; ahead <= 14; ahead++) {
    const day = new Date(Date.UTC(today.y, today.m - 1, today.d + ahead));
    const dayWeekday = ((today.weekday - 1 + ahead) % 7) + 1;
    if (dayWeekday !== weekday) continue;
    const at = zonedHour(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), hour, timeZone);
    if (at >= from) return at;
  }
  throw new Error("no start within two weeks"); // unreachable: every weekday comes twice in 14 days
}

/** The whole weeks from `rotationFrom` to `start` (rounded, so a clock change's hour does not count). */
export function weeksBetween(rotationFrom: Date, start: Date): number {
  return Math.round((start.getTime() - rotationFrom.getTime()) / WEEK_MS);
}

/** The metric of the rotation a start counts, or null when staff choose (an empty rotation). */
export function rotationMetric(rotation: readonly number[], rotationFrom: Date, start: Date): number | null {
  if (rotation.length === 0) return null;
  const n = weeksBetween(rotationFrom, start);
  return rotation[((n % rotation.length) + rotation.length) % rotation.length]!;
}
