// The gains chart's data (docs/progress.md, "Pages"), from the points of a series
// (getGainSeries: the value when the window began, then the value at the end of each hour it
// changed in, then now). Pure: the page computes it on the server and hands the browser arrays.

const HOUR = 3_600_000;

export type SeriesPoint = { at: string; value: number };

/**
 * x (Unix seconds) and y of the line. A value moved only inside the hours that have a point, so
 * the line stays flat up to the start of such an hour and climbs within it: each point gets a
 * point before it, at the start of its hour, holding the value before. Drawing straight from one
 * point to the next would show a steady climb through hours nobody played.
 */
export function chartLine(points: readonly SeriesPoint[]): { xs: number[]; ys: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  const push = (ms: number, value: number) => {
    xs.push(Math.round(ms / 1000));
    ys.push(value);
  };
  points.forEach((p, i) => {
    const t = Date.parse(p.at);
    if (i > 0) {
      const prev = points[i - 1]!;
      const prevT = Date.parse(prev.at);
      // The start of the hour this point closes (a point at the end of an hour, or now within one).
      const hourStart = Math.floor((t - 1) / HOUR) * HOUR;
      if (p.value !== prev.value && hourStart > prevT) push(hourStart, prev.value);
    }
    push(t, p.value);
  });
  return { xs, ys };
}

/** At most this many rows in the chart's table; longer series are shown a day a row. */
export const TABLE_MAX_ROWS = 48;

/**
 * The rows of the table beside the chart (its text alternative): every point when there are
 * few, otherwise the value at the end of each day that has points (in `timeZone`), plus the first.
 */
export function chartTable(points: readonly SeriesPoint[], timeZone: string): SeriesPoint[] {
  if (points.length <= TABLE_MAX_ROWS) return [...points];
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const rows: SeriesPoint[] = [points[0]!];
  let lastDay = day.format(new Date(points[0]!.at));
  for (const p of points.slice(1)) {
    const d = day.format(new Date(p.at));
    if (d === lastDay && rows.length > 1) rows[rows.length - 1] = p;
    else rows.push(p);
    lastDay = d;
  }
  return rows;
}
