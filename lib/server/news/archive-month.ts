import "server-only";

// The archive's month (docs/product.md §2: defaults to the current year and month). Months are calendar
// months in UTC, the same for every reader, so a link to ?year=&month= shows everyone the same posts.

export type ArchiveMonth = { year: number; month: number };

export const ARCHIVE_MIN_YEAR = 2000;
export const ARCHIVE_MAX_YEAR = 2100;

export function currentArchiveMonth(now = new Date()): ArchiveMonth {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
}

/** [start, end) of the month in UTC. */
export function monthBounds({ year, month }: ArchiveMonth): { gte: Date; lt: Date } {
  return { gte: new Date(Date.UTC(year, month - 1, 1)), lt: new Date(Date.UTC(year, month, 1)) };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The page's `?year=&month=`: each falls back to the current one when missing or not a plain
 * number in range (a bad link shows this month, never an error page).
 */
export function readArchiveMonth(query: Record<string, string | string[] | undefined>, now = new Date()): ArchiveMonth {
  const current = currentArchiveMonth(now);
  const year = Number(first(query.year));
  const month = Number(first(query.month));
  const okYear = /^\d{4}$/.test(first(query.year) ?? "") && year >= ARCHIVE_MIN_YEAR && year <= ARCHIVE_MAX_YEAR;
  const okMonth = /^\d{1,2}$/.test(first(query.month) ?? "") && month >= 1 && month <= 12;
  return { year: okYear ? year : current.year, month: okMonth ? month : current.month };
}
