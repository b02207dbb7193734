// Date formats of docs/product.md §9. Pure: used by server and client components alike.

const PARTS_CACHE = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = PARTS_CACHE.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h12",
    });
    PARTS_CACHE.set(timeZone, f);
  }
  return f;
}

const FORUM_CACHE = new Map<string, Intl.DateTimeFormat>();

function forumFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = FORUM_CACHE.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    FORUM_CACHE.set(timeZone, f);
  }
  return f;
}

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * "MM/DD/YYYY hh:mm A" (the account page's join date), e.g. "03/07/2024 02:05 PM".
 * In `timeZone` (IANA name, default UTC; an unknown zone falls back to UTC). Invalid input → "".
 */
export function formatDateTime12(value: Date | string | number, timeZone = "UTC"): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(date)) parts[p.type] = p.value;
  // hourCycle h12 gives 12 for midnight and noon; pad to two digits.
  const hour = (parts.hour ?? "").padStart(2, "0");
  const period = (parts.dayPeriod ?? "").toUpperCase();
  return `${parts.month}/${parts.day}/${parts.year} ${hour}:${parts.minute} ${period}`;
}

/**
 * Long US date (docs/product.md §2 purchase history), e.g. "March 7, 2024", in `timeZone` (IANA name,
 * default UTC; an unknown zone falls back to UTC). Invalid input → "".
 */
export function formatLongDate(value: Date | string | number, timeZone = "UTC"): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  return new Intl.DateTimeFormat("en-US", { timeZone: zone, year: "numeric", month: "long", day: "numeric" }).format(date);
}

/**
 * Long date with time (docs/product.md §9 for tickets), e.g. "March 7, 2024 at 2:05 PM", in `timeZone`
 * (IANA name, default UTC; an unknown zone falls back to UTC). Built from parts, so server and
 * browser (whose ICU versions may join date and time differently) print the same text.
 * Invalid input → "".
 */
export function formatLongDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts: Record<string, string> = {};
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hourCycle: "h12",
  });
  for (const p of f.formatToParts(date)) parts[p.type] = p.value;
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/**
 * "MM/DD/YYYY HH:mm" (docs/product.md §9 forum dates), 24-hour: docs/product.md writes the account format with
 * "A" (AM/PM) and this one without, so hours run 00–23, e.g. "03/07/2024 14:05". In `timeZone`
 * (IANA name, default UTC; an unknown zone falls back to UTC). Invalid input → "".
 */
export function formatForumDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts: Record<string, string> = {};
  for (const p of forumFormatter(zone).formatToParts(date)) parts[p.type] = p.value;
  // Some ICU versions print midnight as "24" even with h23: it is always 00 here.
  const hour = (parts.hour === "24" ? "00" : (parts.hour ?? "")).padStart(2, "0");
  return `${parts.month}/${parts.day}/${parts.year} ${hour}:${parts.minute}`;
}

/**
 * The exact moment, for a date's tooltip (`title`) where the visible format leaves out seconds
 * or the zone: "November 28, 2026 at 4:19:32 AM UTC+05:30 (Asia/Kolkata)", or "… UTC" in UTC.
 * In `timeZone` (IANA name, default UTC; an unknown zone falls back to UTC). Invalid input → "".
 */
export function formatExactDateTime(value: Date | string | number, timeZone = "UTC"): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const zone = isValidTimeZone(timeZone) ? timeZone : "UTC";
  const parts: Record<string, string> = {};
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h12",
    timeZoneName: "longOffset",
  });
  for (const p of f.formatToParts(date)) parts[p.type] = p.value;
  // "GMT+05:30", and for no offset "GMT" or "GMT+00:00" (ICU versions differ; the server's and
  // the browser's must print the same): written as UTC, the name readers know it by.
  const name = parts.timeZoneName ?? "GMT";
  const offset = /^GMT([+-]00(:00)?)?$/.test(name) ? "UTC" : name.replace(/^GMT/, "UTC");
  const named = zone === "UTC" || zone === "Etc/UTC" ? "" : ` (${zone})`;
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute}:${parts.second} ${(parts.dayPeriod ?? "").toUpperCase()} ${offset}${named}`;
}
