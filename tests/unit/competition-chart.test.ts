import { describe, expect, it } from "vitest";
import { buildCompetitionChart } from "@/lib/competitions/chart";

const H = 3_600_000;
const start = new Date("2026-12-07T18:30:00Z");
const hour = (n: number) => new Date(Date.UTC(2026, 11, 7, 18 + n)); // the bucket n hours after the start's hour
const s = (d: Date) => d.getTime() / 1000;

describe("buildCompetitionChart", () => {
  const players = [
    { userId: 1, username: "Ava", score: 2 * 500 + 300 },
    { userId: 2, username: "Bo", score: 700 },
  ];
  const bases = [
    { userId: 1, metric: 1, weight: 2, baseline: 1000n, current: 1500n },
    { userId: 1, metric: 2, weight: 1, baseline: 50n, current: 350n },
    { userId: 2, metric: 1, weight: 1, baseline: 9000n, current: 9700n },
  ];

  it("scores each leader at the start, at the end of each hour someone moved, and exactly at the last moment", () => {
    const history = [
      // Ava's first hour: the start's own hour holds a value from before the start too; only what is past her baseline counts.
      { userId: 1, metric: 1, bucket: hour(0), endValue: 1200n },
      { userId: 2, metric: 1, bucket: hour(1), endValue: 9400n },
      { userId: 1, metric: 2, bucket: hour(2), endValue: 350n },
      { userId: 1, metric: 1, bucket: hour(2), endValue: 1500n },
      { userId: 2, metric: 1, bucket: hour(3), endValue: 9700n },
    ];
    const last = new Date(hour(3).getTime() + 20 * 60_000);
    const chart = buildCompetitionChart(players, bases, history, start, last);
    expect(chart.xs).toEqual([s(start), s(hour(1)), s(hour(2)), s(hour(3)), s(last)]);
    expect(chart.series.map((x) => x.username)).toEqual(["Ava", "Bo"]);
    // Weighted: 2 × (1200 − 1000) = 400; then + 2 × 300 + 300.
    expect(chart.series[0]!.ys).toEqual([0, 400, 400, 1300, 1300]);
    expect(chart.series[1]!.ys).toEqual([0, 0, 400, 400, 700]);
  });

  it("never counts below a player's start (a late sign-up's earlier hours, a rollback)", () => {
    const history = [
      { userId: 2, metric: 1, bucket: hour(0), endValue: 8000n }, // before Bo signed up at 9,000
      { userId: 2, metric: 1, bucket: hour(1), endValue: 9700n },
    ];
    const chart = buildCompetitionChart([players[1]!], bases, history, start, new Date(hour(1).getTime() + H + 60_000));
    expect(chart.series[0]!.ys).toEqual([0, 0, 700, 700]);
  });

  it("ignores hours before the start and metrics the competition does not count", () => {
    const history = [
      { userId: 1, metric: 1, bucket: new Date(hour(0).getTime() - H), endValue: 1100n }, // ends 18:00, before the 18:30 start
      { userId: 1, metric: 7, bucket: hour(0), endValue: 99_999n }, // not counted
    ];
    const last = new Date(hour(1).getTime() + 30 * 60_000);
    const chart = buildCompetitionChart([players[0]!], bases, history, start, last);
    expect(chart.xs).toEqual([s(start), s(hour(1)), s(last)]);
    expect(chart.series[0]!.ys).toEqual([0, 0, 1300]);
  });

  it("has one point when the last moment is the start", () => {
    expect(buildCompetitionChart([players[0]!], bases, [], start, start).xs).toEqual([s(start)]);
  });
});
