import { describe, expect, it } from "vitest";
import { periodStart, recordWindowStart, zonedMidnight } from "@/lib/progress/periods";

describe("progress periods", () => {
  const now = new Date("2026-11-28T17:42:10Z"); // a Saturday

  it("ends rolling windows with the current hour", () => {
    expect(periodStart("day", now, "UTC").toISOString()).toBe("2026-11-27T18:00:00.000Z");
    expect(periodStart("week", now, "UTC").toISOString()).toBe("2026-11-21T18:00:00.000Z");
    expect(periodStart("month", now, "UTC").toISOString()).toBe("2026-10-28T18:00:00.000Z");
    // 8,766 hours: 365 days and 6 hours.
    expect(periodStart("year", now, "UTC").toISOString()).toBe("2025-11-28T12:00:00.000Z");
  });

  it("starts the calendar week on Monday and the month on the 1st, at midnight in the server's zone", () => {
    expect(periodStart("calendar_week", now, "UTC").toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(periodStart("calendar_month", now, "UTC").toISOString()).toBe("2026-11-01T00:00:00.000Z");
    // New York is UTC-5 in November: local midnight is 05:00 UTC.
    expect(periodStart("calendar_week", now, "America/New_York").toISOString()).toBe("2026-11-23T05:00:00.000Z");
    expect(periodStart("calendar_month", now, "America/New_York").toISOString()).toBe("2026-11-01T04:00:00.000Z");
    // Just after midnight on Monday in Auckland (UTC+13) is still Sunday in UTC.
    const nz = new Date("2026-11-22T11:30:00Z");
    expect(periodStart("calendar_week", nz, "Pacific/Auckland").toISOString()).toBe("2026-11-22T11:00:00.000Z");
  });

  it("finds local midnight across a clock change", () => {
    // Europe/London leaves summer time on 2026-10-25 at 01:00 UTC.
    expect(zonedMidnight(2026, 10, 25, "Europe/London").toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(zonedMidnight(2026, 10, 26, "Europe/London").toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("gives a record's window the same hours a live window has at the end of that hour", () => {
    const hour = new Date("2026-11-28T17:00:00Z");
    expect(recordWindowStart("day", hour)).toEqual(periodStart("day", new Date("2026-11-28T17:59:59Z"), "UTC"));
  });
});
