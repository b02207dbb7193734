import { describe, expect, it } from "vitest";
import { announcementDue, statusAt } from "@/lib/competitions/rules";
import { nextStart, rotationMetric, weeksBetween, zonedHour } from "@/lib/competitions/schedule";

// Weekly starts at a wall-clock weekday and hour of the server's zone (lib/competitions/schedule.ts),
// the rotation counted in weeks, and when each announcement is due (lib/competitions/rules.ts).

describe("nextStart", () => {
  it("finds the weekday and hour at or after a moment, in UTC", () => {
    // 2026-12-09 is a Wednesday.
    expect(nextStart(3, 18, new Date("2026-12-09T17:59:00Z"), "UTC").toISOString()).toBe("2026-12-09T18:00:00.000Z");
    expect(nextStart(3, 18, new Date("2026-12-09T18:00:00Z"), "UTC").toISOString()).toBe("2026-12-09T18:00:00.000Z");
    expect(nextStart(3, 18, new Date("2026-12-09T18:00:01Z"), "UTC").toISOString()).toBe("2026-12-16T18:00:00.000Z");
    expect(nextStart(1, 0, new Date("2026-12-09T12:00:00Z"), "UTC").toISOString()).toBe("2026-12-14T00:00:00.000Z");
    expect(nextStart(7, 23, new Date("2026-12-09T12:00:00Z"), "UTC").toISOString()).toBe("2026-12-13T23:00:00.000Z");
  });

  it("keeps the local hour across a clock change", () => {
    // London: GMT until 2027-03-28 01:00 UTC, then BST (UTC+1). Sundays at 18:00 local.
    expect(nextStart(7, 18, new Date("2027-03-21T00:00:00Z"), "Europe/London").toISOString()).toBe("2027-03-21T18:00:00.000Z");
    expect(nextStart(7, 18, new Date("2027-03-22T00:00:00Z"), "Europe/London").toISOString()).toBe("2027-03-28T17:00:00.000Z");
    // The weekday is the zone's: late Sunday evening in UTC is already Monday in Tokyo.
    expect(nextStart(1, 9, new Date("2026-12-13T20:00:00Z"), "Asia/Tokyo").toISOString()).toBe("2026-12-14T00:00:00.000Z");
  });

  it("reads an hour skipped by the clock as the hour after", () => {
    expect(zonedHour(2027, 3, 28, 1, "Europe/London").toISOString()).toBe("2027-03-28T01:00:00.000Z");
  });
});

describe("the rotation", () => {
  it("takes the metrics in turn, one a week from its first start, the same for every run", () => {
    const from = new Date("2026-12-14T18:00:00Z");
    const week = (n: number) => new Date(from.getTime() + n * 7 * 86_400_000);
    expect([0, 1, 2, 3, 4].map((n) => rotationMetric([11, 9, 5], from, week(n)))).toEqual([11, 9, 5, 11, 9]);
    // A start an hour off (a clock change) is still the same week.
    expect(weeksBetween(from, new Date(week(2).getTime() - 3_600_000))).toBe(2);
    expect(rotationMetric([], from, week(1))).toBeNull();
  });
});

describe("announcements and status", () => {
  const c = { startsAt: new Date("2026-12-14T18:00:00Z"), endsAt: new Date("2026-12-15T02:00:00Z") };

  it("are due before the start and the end, never an 'ends in' before the start", () => {
    expect(announcementDue("starts_6h", c)!.toISOString()).toBe("2026-12-14T12:00:00.000Z");
    expect(announcementDue("starts_5m", c)!.toISOString()).toBe("2026-12-14T17:55:00.000Z");
    expect(announcementDue("started", c)!.toISOString()).toBe("2026-12-14T18:00:00.000Z");
    expect(announcementDue("ends_2h", c)!.toISOString()).toBe("2026-12-15T00:00:00.000Z");
    expect(announcementDue("ends_30m", c)!.toISOString()).toBe("2026-12-15T01:30:00.000Z");
    // Eight hours long: "ends in 12 hours" would come before it starts.
    expect(announcementDue("ends_12h", c)).toBeNull();
    expect(announcementDue("created", c)).toBeNull();
    expect(announcementDue("ended", c)).toBeNull();
  });

  it("tells upcoming, ongoing, finished and cancelled apart", () => {
    expect(statusAt({ ...c, cancelledAt: null }, new Date("2026-12-14T17:59:59Z"))).toBe("upcoming");
    expect(statusAt({ ...c, cancelledAt: null }, new Date("2026-12-14T18:00:00Z"))).toBe("ongoing");
    expect(statusAt({ ...c, cancelledAt: null }, new Date("2026-12-15T02:00:00Z"))).toBe("finished");
    expect(statusAt({ ...c, cancelledAt: new Date() }, new Date("2026-12-14T19:00:00Z"))).toBe("cancelled");
  });
});
