import { describe, expect, it } from "vitest";
import { groupAchievements } from "@/components/progress/player-achievements";
import { seriesPoints, sortGains } from "@/components/progress/player-gains";
import { ACHIEVEMENTS } from "@/lib/progress/config";
import { chartLine, chartTable, TABLE_MAX_ROWS } from "@/lib/progress/chart";
import { metricSlug } from "@/lib/progress/metrics";
import { playerTabHref, readMetric, readPeriod, readRollingPeriod, recordsHref, topGainsHref } from "@/lib/progress/urls";
import type { AchievementView } from "@/lib/server/progress/log";

// The pure parts of the progress pages (docs/progress.md, "Pages"): what a page reads from its
// query, the links it builds, the chart's line and table, the order of the gains table and the
// groups of the Achievements tab.

describe("progress page queries and links", () => {
  it("reads unknown or missing values as the defaults, as the ladders do", () => {
    expect(readPeriod("calendar_month")).toBe("calendar_month");
    expect(readPeriod("fortnight")).toBe("week");
    expect(readPeriod(undefined)).toBe("week");
    expect(readRollingPeriod("year")).toBe("year");
    expect(readRollingPeriod("calendar_week")).toBe("week");
    expect(readMetric("Zulrah")).toBe(187);
    expect(readMetric(" attack ")).toBe(1);
    expect(readMetric("clue_scrolls_all")).toBe(106);
    expect(readMetric("sailing")).toBe(0);
    expect(readMetric("x".repeat(10_000))).toBe(0);
    expect(readMetric(undefined)).toBe(0);
  });

  it("builds short links: defaults left out, names escaped", () => {
    expect(playerTabHref("Big Bob", "stats")).toBe("/hiscores/player/Big%20Bob");
    expect(playerTabHref("Big Bob", "gains")).toBe("/hiscores/player/Big%20Bob/gains");
    expect(playerTabHref("Big Bob", "gains", { period: "day", metric: 187 })).toBe("/hiscores/player/Big%20Bob/gains?period=day&metric=zulrah");
    expect(playerTabHref("a", "gains", { period: "week", metric: 0 })).toBe("/hiscores/player/a/gains");
    expect(playerTabHref("a", "log", { page: 1 })).toBe("/hiscores/player/a/log");
    expect(playerTabHref("a", "log", { page: 3 })).toBe("/hiscores/player/a/log?page=3");
    expect(playerTabHref("a", "achievements")).toBe("/hiscores/player/a/achievements");
    expect(playerTabHref("a", "records")).toBe("/hiscores/player/a/records");
    expect(topGainsHref()).toBe("/hiscores/gains");
    expect(topGainsHref({ period: "calendar_week", metric: 1, mode: "ironman", xp: "10x", page: 2 })).toBe(
      "/hiscores/gains?period=calendar_week&metric=attack&mode=ironman&xp=10x&page=2",
    );
    expect(recordsHref({ period: "week", mode: "regular", xp: "regular" })).toBe("/hiscores/records");
    expect(recordsHref({ period: "day", metric: 106 })).toBe("/hiscores/records?period=day&metric=clue_scrolls_all");
  });
});

describe("the gains chart", () => {
  const at = (iso: string, value: number) => ({ at: iso, value });

  it("stays flat until the hour a value moved in, then climbs within that hour", () => {
    const points = [
      at("2026-11-27T18:00:00.000Z", 1000), // the window's start
      at("2026-11-28T03:00:00.000Z", 1500), // the end of the 02:00 hour
      at("2026-11-28T04:00:00.000Z", 1700), // the end of the next hour: no flat part between
      at("2026-11-28T17:42:10.000Z", 2500), // now, within the 17:00 hour
      at("2026-11-28T17:42:10.000Z", 2500),
    ];
    const { xs, ys } = chartLine(points);
    const iso = xs.map((x) => new Date(x * 1000).toISOString());
    expect(iso).toEqual([
      "2026-11-27T18:00:00.000Z",
      "2026-11-28T02:00:00.000Z",
      "2026-11-28T03:00:00.000Z",
      "2026-11-28T04:00:00.000Z",
      "2026-11-28T17:00:00.000Z",
      "2026-11-28T17:42:10.000Z",
      "2026-11-28T17:42:10.000Z",
    ]);
    expect(ys).toEqual([1000, 1000, 1500, 1700, 1700, 2500, 2500]);
  });

  it("draws a value that never moved as a flat line of two points", () => {
    const { ys } = chartLine([at("2026-11-21T18:00:00.000Z", 42), at("2026-11-28T17:42:10.000Z", 42)]);
    expect(ys).toEqual([42, 42]);
  });

  it("lists every point when there are few, else the first and the last of each day", () => {
    const few = Array.from({ length: TABLE_MAX_ROWS }, (_, i) => at(new Date(Date.UTC(2026, 10, 1, i)).toISOString(), i));
    expect(chartTable(few, "UTC")).toEqual(few);
    // Three days of hourly points after the start.
    const start = at("2026-11-10T00:00:00.000Z", 0);
    const hourly = Array.from({ length: 72 }, (_, i) => at(new Date(Date.UTC(2026, 10, 10, i + 1)).toISOString(), i + 1));
    const rows = chartTable([start, ...hourly], "UTC");
    expect(rows.map((r) => r.at)).toEqual([
      "2026-11-10T00:00:00.000Z",
      "2026-11-10T23:00:00.000Z",
      "2026-11-11T23:00:00.000Z",
      "2026-11-12T23:00:00.000Z",
      "2026-11-13T00:00:00.000Z",
    ]);
    expect(rows.map((r) => r.value)).toEqual([0, 23, 47, 71, 72]);
    // Days are the server zone's: in New York (UTC-5) the first day ends at 05:00 UTC.
    expect(chartTable([start, ...hourly], "America/New_York")[1]!.at).toBe("2026-11-10T04:00:00.000Z");
  });
});

describe("the chart's series", () => {
  const series = (values: number[]) => ({
    username: "a",
    metric: "attack",
    name: "Attack",
    period: "week" as const,
    from: "2026-11-21T18:00:00.000Z",
    points: values.map((value, i) => ({ at: new Date(Date.UTC(2026, 10, 21, 18 + i)).toISOString(), value })),
  });

  it("reads a series that never moved as the metric's value now (no history row gives 0)", () => {
    expect(seriesPoints(series([0, 0]), 13_100_000).map((p) => p.value)).toEqual([13_100_000, 13_100_000]);
    expect(seriesPoints(series([5, 5, 5]), 5).map((p) => p.value)).toEqual([5, 5, 5]);
    // A series that moved is the history's own; a metric the player has no value for stays as read.
    expect(seriesPoints(series([1, 7]), 7).map((p) => p.value)).toEqual([1, 7]);
    expect(seriesPoints(series([0, 0]), undefined).map((p) => p.value)).toEqual([0, 0]);
  });
});

describe("the gains table's order", () => {
  const row = (id: number, gained: number) => ({
    id,
    metric: metricSlug(id),
    name: String(id),
    start: 0,
    end: gained,
    gained,
    start_level: null,
    end_level: null,
  });

  it("puts Overall first, then the greatest gains, then the rest in the hiscores' order", () => {
    const sorted = sortGains([row(3, 0), row(5, 10), row(1, 0), row(0, 15), row(2, 5), row(4, 10)]);
    expect(sorted.map((r) => r.id)).toEqual([0, 4, 5, 2, 1, 3]);
  });
});

describe("the Achievements tab's groups", () => {
  const views: AchievementView[] = ACHIEVEMENTS.map((t) => ({
    key: t.key,
    name: t.name,
    metric: metricSlug(t.metric),
    threshold: t.threshold,
    value: 0,
    met: false,
    reached_at: null,
    before_history: false,
  }));

  it("puts every tier in one line of one group, in the order of the configuration", () => {
    const groups = groupAchievements(views);
    expect(groups.map((g) => g.title)).toEqual(["Base stats & Overall", "Skills", "Bosses", "Clues"]);
    const overall = groups[0]!;
    expect(overall.lines.map((l) => l.label)).toEqual(["Base level (lowest skill)", "Overall experience"]);
    expect(overall.lines[0]!.tiers.map((t) => t.threshold)).toEqual([60, 70, 80, 90, 99]);
    const skills = groups[1]!;
    expect(skills.lines).toHaveLength(23);
    expect(skills.lines[0]!.label).toBe("Attack");
    // 99 (13,034,431 XP) comes before 50M.
    expect(skills.lines[0]!.tiers.map((t) => t.name)).toEqual(["99 Attack", "50M Attack XP", "100M Attack XP", "200M Attack XP"]);
    expect(groups[3]!.lines.map((l) => l.label)).toContain("Clue Scrolls (master)");
    expect(groups.flatMap((g) => g.lines.flatMap((l) => l.tiers)).length).toBe(ACHIEVEMENTS.length);
  });
});
