// The ISO 8601 week the weekly digest is claimed under (lib/notifications.ts): Monday starts a
// week, and a week belongs to the year of its Thursday, so the days around New Year can fall in
// the other year's week.
import { describe, expect, it } from "vitest";
import { isoWeek } from "@/lib/notifications";

describe("isoWeek", () => {
  it.each([
    ["2026-11-29T23:59:59Z", "2026-W48"], // a Sunday: still the week that began on Monday the 23rd
    ["2026-11-30T00:00:00Z", "2026-W49"], // Monday: the next week
    ["2026-01-01T12:00:00Z", "2026-W01"], // Thursday 1 January: week 1 of its own year
    ["2027-01-01T12:00:00Z", "2026-W53"], // Friday 1 January: the last week of the year before
    ["2024-12-30T00:00:00Z", "2025-W01"], // Monday 30 December: week 1 of the next year
    ["2021-01-03T23:00:00Z", "2020-W53"],
  ])("%s is %s", (at, week) => {
    expect(isoWeek(new Date(at))).toBe(week);
  });
});
