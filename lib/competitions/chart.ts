// The top players' scores over a competition, hour by hour, from the hourly history
// (docs/competitions.md, "The standings chart"). Pure: the rows come from
// lib/server/competitions/sql/chart.ts.

export type ChartBase = { userId: number; metric: number; weight: number; baseline: bigint; current: bigint };
export type ChartHistory = { userId: number; metric: number; bucket: Date; endValue: bigint };
export type ChartPlayer = { userId: number; username: string; score: number };
export type CompetitionChart = {
  /** Unix seconds: the start, the end of every hour in which one of the players moved, and the last moment (now or the end). */
  xs: number[];
  series: { userId: number; username: string; ys: number[] }[];
};

const HOUR = 3_600_000;

/**
 * Each player's score at the start (0), at the end of every hour in which any of them moved a
 * counted metric, and at `last` (their score now, exactly). A metric's value at the end of an hour
 * is that hour's last pushed value; before its first row it is the player's start value, so the
 * line never counts what came before the start (or before a late sign-up: gains below the
 * baseline are 0).
 */
export function buildCompetitionChart(players: ChartPlayer[], bases: ChartBase[], history: ChartHistory[], start: Date, last: Date): CompetitionChart {
  const startS = Math.floor(start.getTime() / 1000);
  const lastS = Math.max(startS, Math.floor(last.getTime() / 1000));
  const hourEnds = new Set<number>();
  for (const h of history) {
    const end = Math.floor((h.bucket.getTime() + HOUR) / 1000);
    if (end > startS && end < lastS) hourEnds.add(end);
  }
  const xs = [startS, ...[...hourEnds].sort((a, b) => a - b), lastS];
  if (lastS === startS) xs.pop();

  const series = players.map((p) => {
    const mine = bases.filter((b) => b.userId === p.userId);
    const value = new Map(mine.map((b) => [b.metric, b.baseline]));
    // Hours that ended by the start are not the competition's (the start values stand for them).
    const rows = history.filter((h) => h.userId === p.userId && (h.bucket.getTime() + HOUR) / 1000 > startS);
    let next = 0;
    const score = () => mine.reduce((sum, b) => sum + b.weight * Math.max(0, Number((value.get(b.metric) ?? b.baseline) - b.baseline)), 0);
    const ys = xs.map((x, i) => {
      if (i === 0) return 0;
      if (i === xs.length - 1 && x === lastS) return p.score;
      while (next < rows.length && (rows[next]!.bucket.getTime() + HOUR) / 1000 <= x) {
        const r = rows[next]!;
        if (value.has(r.metric)) value.set(r.metric, r.endValue);
        next++;
      }
      return score();
    });
    return { userId: p.userId, username: p.username, ys };
  });
  return { xs, series };
}
