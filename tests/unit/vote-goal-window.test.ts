import { describe, expect, it } from "vitest";
import { roundSpan, voteGoalOpen, votePercent, zonedDay } from "@/lib/votes/goal-window";

// The vote goal's rounds (lib/votes/goal-window.ts): the day of the server's time zone, clock
// changes included, and the rolling window counted after the previous reach.

const d = (iso: string) => new Date(iso);
const day = { window: "DAY" as const, windowHours: null, startsAt: d("2026-01-01T00:00:00Z"), endsAt: null, reachedThrough: null };

describe("zonedDay", () => {
  it("is midnight to midnight in the zone, including the 23- and 25-hour days of a clock change", () => {
    expect(zonedDay(d("2026-01-10T04:59:59Z"), "America/New_York")).toEqual({ start: d("2026-01-09T05:00:00Z"), end: d("2026-01-10T05:00:00Z") });
    expect(zonedDay(d("2026-01-10T05:00:00Z"), "America/New_York")).toEqual({ start: d("2026-01-10T05:00:00Z"), end: d("2026-01-11T05:00:00Z") });
    expect(zonedDay(d("2026-03-08T12:00:00Z"), "America/New_York")).toEqual({ start: d("2026-03-08T05:00:00Z"), end: d("2026-03-09T04:00:00Z") });
    expect(zonedDay(d("2026-11-01T12:00:00Z"), "America/New_York")).toEqual({ start: d("2026-11-01T04:00:00Z"), end: d("2026-11-02T05:00:00Z") });
    expect(zonedDay(d("2026-12-31T23:59:59Z"), "UTC")).toEqual({ start: d("2026-12-31T00:00:00Z"), end: d("2027-01-01T00:00:00Z") });
  });
});

describe("roundSpan", () => {
  it("a day goal counts the day's votes, cut to its own start and end, and is reached once per day", () => {
    const now = d("2026-01-10T12:00:00Z");
    expect(roundSpan(day, now, "UTC")).toMatchObject({ after: d("2026-01-09T23:59:59.999Z"), through: d("2026-01-10T23:59:59.999Z"), reached: false });
    const started = { ...day, startsAt: d("2026-01-10T08:00:00Z"), endsAt: d("2026-01-10T20:00:00Z") };
    expect(roundSpan(started, now, "UTC")).toMatchObject({ after: d("2026-01-10T07:59:59.999Z"), through: d("2026-01-10T19:59:59.999Z") });
    expect(roundSpan({ ...day, reachedThrough: d("2026-01-10T00:00:00Z") }, now, "UTC").reached).toBe(true);
    expect(roundSpan({ ...day, reachedThrough: d("2026-01-09T23:59:59.999Z") }, now, "UTC").reached).toBe(false);
  });

  it("a rolling goal counts the last N hours after the previous reach, with no upper bound but its end", () => {
    const g = { ...day, window: "ROLLING" as const, windowHours: 2 };
    const now = d("2026-01-10T12:00:00Z");
    expect(roundSpan(g, now, "UTC")).toMatchObject({ after: d("2026-01-10T10:00:00Z"), through: null, reached: false });
    expect(roundSpan({ ...g, reachedThrough: d("2026-01-10T11:00:00Z") }, now, "UTC").after).toEqual(d("2026-01-10T11:00:00Z"));
    expect(roundSpan({ ...g, reachedThrough: d("2026-01-10T09:00:00Z") }, now, "UTC").after).toEqual(d("2026-01-10T10:00:00Z"));
    expect(roundSpan({ ...g, endsAt: d("2026-01-10T13:00:00Z") }, now, "UTC").through).toEqual(d("2026-01-10T12:59:59.999Z"));
  });
});

describe("votePercent and voteGoalOpen", () => {
  it("rounds down, 100 only when reached; open from the start, before the end, while active", () => {
    expect([votePercent(0, 3), votePercent(2, 3), votePercent(3, 3), votePercent(9, 3), votePercent(99, 100)]).toEqual([0, 66, 100, 100, 99]);
    const g = { active: true, startsAt: d("2026-01-10T00:00:00Z"), endsAt: d("2026-01-11T00:00:00Z") };
    expect(voteGoalOpen(g, d("2026-01-10T00:00:00Z"))).toBe(true);
    expect(voteGoalOpen(g, d("2026-01-09T23:59:59.999Z"))).toBe(false);
    expect(voteGoalOpen(g, d("2026-01-11T00:00:00Z"))).toBe(false);
    expect(voteGoalOpen({ ...g, endsAt: null }, d("2030-01-01T00:00:00Z"))).toBe(true);
    expect(voteGoalOpen({ ...g, active: false }, d("2026-01-10T12:00:00Z"))).toBe(false);
  });
});
