// The numbers and words of competitions (docs/competitions.md), shared by the contracts, the use
// cases and the jobs. Pure.

import { ACTIVITIES, isActivityId } from "../hiscores-layout";
import { SKILL_METRIC_SLUGS } from "../progress/metrics";

export const TITLE_MAX = 50;
export const TEAM_NAME_MAX = 30;
export const TEAMS_MAX = 20;
/** Prizes for places 1..N, N at most this. */
export const PRIZE_PLACES_MAX = 25;
export const METRICS_MAX = 50;
export const WEIGHT_MAX = 10_000;
export const STANDINGS_PAGE_SIZE = 25;
export const COMPETITIONS_PAGE_SIZE = 25;
/** Shortest and longest competition. */
export const DURATION_MIN_MINUTES = 10;
export const DURATION_MAX_DAYS = 90;

/**
 * A competition starts at least this long after it is made or last edited. Each app process keeps
 * the list of competitions that may be running for a shorter time than this (RUNNING_CACHE_MS), so
 * by its start every process has seen it: a push is never missed by a stale list.
 */
export const START_LEAD_SECONDS = 60;
/** How long a process trusts its list of competitions that may be running (lib/server/competitions/running-cache.ts). */
export const RUNNING_CACHE_MS = 15_000;
/**
 * The end job runs this long after the end: any push whose transaction began before the end has
 * committed or rolled back by then (transactions are cut at 15 s, lib/server/db.ts).
 */
export const END_GRACE_SECONDS = 60;

/** Schedules: the first competition of a new schedule is the first start at least this far ahead. */
export const SCHEDULE_LEAD_HOURS = 1;
export const SCHEDULE_DURATION_MAX_HOURS = 14 * 24;

export const METRIC_KINDS = ["skills", "activities"] as const;
export type TMetricKind = (typeof METRIC_KINDS)[number];
export const COMPETITION_TYPES = ["classic", "team"] as const;
export const SIGNUPS = ["open", "everyone"] as const;
export const SCHEDULE_KINDS = ["skill", "boss"] as const;
export type TScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const STATUSES = ["upcoming", "ongoing", "finished"] as const;
export type TListStatus = (typeof STATUSES)[number];
export type TStatus = TListStatus | "cancelled";

/** The metric kind of a hiscore metric id. */
export const metricKindOf = (metric: number): TMetricKind => (isActivityId(metric) ? "activities" : "skills");

/** Metric slugs a schedule of `kind` may rotate through: the 23 skills, or the bosses. */
export function scheduleMetricSlugs(kind: TScheduleKind): string[] {
  return kind === "skill" ? SKILL_METRIC_SLUGS.slice(1) : ACTIVITIES.filter((a) => a.group === "bosses").map((a) => a.key);
}

/** Where a competition stands at `now` (the database decides what counts; this is for answers). */
export function statusAt(c: { startsAt: Date; endsAt: Date; cancelledAt: Date | null }, now: Date): TStatus {
  if (c.cancelledAt) return "cancelled";
  if (now < c.startsAt) return "upcoming";
  if (now < c.endsAt) return "ongoing";
  return "finished";
}

// ── announcements on Discord ──

/** Each announcement and when it is due, relative to the start or the end (minutes). */
export const ANNOUNCEMENTS = {
  created: { from: "created", minutes: 0 },
  starts_6h: { from: "start", minutes: -360 },
  starts_5m: { from: "start", minutes: -5 },
  started: { from: "start", minutes: 0 },
  ends_12h: { from: "end", minutes: -720 },
  ends_2h: { from: "end", minutes: -120 },
  ends_30m: { from: "end", minutes: -30 },
  ended: { from: "ended", minutes: 0 },
} as const satisfies Record<string, { from: "created" | "start" | "end" | "ended"; minutes: number }>;
export type TAnnouncement = keyof typeof ANNOUNCEMENTS;
export const ANNOUNCEMENT_KINDS = Object.keys(ANNOUNCEMENTS) as TAnnouncement[];

/**
 * When a timed announcement is due, or null when it makes no sense for this window (an "ends in
 * 12 hours" of a competition shorter than that would come before its start). `created` and
 * `ended` are queued by the events themselves.
 */
export function announcementDue(kind: TAnnouncement, c: { startsAt: Date; endsAt: Date }): Date | null {
  const a = ANNOUNCEMENTS[kind];
  if (a.from === "created" || a.from === "ended") return null;
  const base = a.from === "start" ? c.startsAt : c.endsAt;
  const at = new Date(base.getTime() + a.minutes * 60_000);
  if (a.from === "end" && at <= c.startsAt) return null;
  return at;
}
