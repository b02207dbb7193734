import { describe, expect, it } from "vitest";
import { currentArchiveMonth, monthBounds, readArchiveMonth } from "@/lib/server/news/archive-month";

const NOW = new Date("2026-03-31T23:30:00Z");

describe("the archive month", () => {
  it("is the current UTC year and month by default", () => {
    expect(currentArchiveMonth(NOW)).toEqual({ year: 2026, month: 3 });
    expect(currentArchiveMonth(new Date("2026-04-01T00:00:00Z"))).toEqual({ year: 2026, month: 4 });
    expect(readArchiveMonth({}, NOW)).toEqual({ year: 2026, month: 3 });
  });

  it("reads ?year=&month=, falling back to the current one for anything invalid", () => {
    expect(readArchiveMonth({ year: "2022", month: "7" }, NOW)).toEqual({ year: 2022, month: 7 });
    expect(readArchiveMonth({ year: "2022", month: "07" }, NOW)).toEqual({ year: 2022, month: 7 });
    expect(readArchiveMonth({ year: ["2021", "2020"], month: "12" }, NOW)).toEqual({ year: 2021, month: 12 });
    for (const [year, month] of [
      ["abc", "13"],
      ["1999", "0"],
      ["20222", "-1"],
      ["2022.5", "1.5"],
      [" 2022", "1e1"],
      ["", ""],
    ]) {
      expect(readArchiveMonth({ year, month }, NOW), `${year}/${month}`).toEqual({ year: 2026, month: 3 });
    }
    expect(readArchiveMonth({ year: "2101", month: "2" }, NOW)).toEqual({ year: 2026, month: 2 });
  });

  it("spans the calendar month in UTC: first millisecond in, next month's first out", () => {
    expect(monthBounds({ year: 2024, month: 2 })).toEqual({ gte: new Date("2024-02-01T00:00:00.000Z"), lt: new Date("2024-03-01T00:00:00.000Z") });
    expect(monthBounds({ year: 2024, month: 12 })).toEqual({ gte: new Date("2024-12-01T00:00:00.000Z"), lt: new Date("2025-01-01T00:00:00.000Z") });
  });
});
