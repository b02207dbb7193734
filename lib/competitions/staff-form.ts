// The staff competition and schedule forms (/staff/competitions): what is typed, kept as text,
// and the API request made from it. Pure: the browser's components call these, and the unit test
// (tests/unit/staff-competition-form.test.ts) runs them in Node. The server checks every value
// again; here blanks are filled with the API's defaults and numbers are read, nothing more, so
// a wrong value still reaches the server and comes back as the field's own message.

import type { TCompetition, TSchedule } from "../schemas/competitions";
import type { TMetricKind, TScheduleKind } from "./rules";

export type MetricRow = { metric: string; weight: string };
export type PrizeRow = { item_id: string; quantity: string };

export type CompetitionFormValues = {
  title: string;
  /** datetime-local text ("2026-12-14T18:00"), in the browser's time zone. */
  starts_at: string;
  ends_at: string;
  metric_kind: TMetricKind;
  metrics: MetricRow[];
  type: "classic" | "team";
  signup: "open" | "everyone";
  teams: string[];
  prizes: PrizeRow[];
};

export type CompetitionRequest = {
  title: string;
  starts_at: string;
  ends_at: string;
  metric_kind: TMetricKind;
  metrics: { metric: string; weight: number }[];
  type: "classic" | "team";
  signup: "open" | "everyone";
  teams: string[];
  prizes: { item_id: number | undefined; quantity: number | undefined }[];
};

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as datetime-local text in the zone this code runs in (the browser's). */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * datetime-local text, read in the zone this code runs in, as ISO 8601 in UTC. Text that is not
 * a date and time goes as it is, so the server names the field ("Enter a date and time …").
 */
export function localInputToIso(local: string): string {
  const text = local.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return text;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

/** A number typed in a box: blank is absent, anything else Number() (NaN goes as null and is refused by the server). */
export const numberOrAbsent = (v: string): number | undefined => (v.trim() === "" ? undefined : Number(v.trim()));

const prizeRequest = (rows: PrizeRow[]) => rows.map((p) => ({ item_id: numberOrAbsent(p.item_id), quantity: numberOrAbsent(p.quantity) }));

/** The POST body: blank metric rows left out, a blank weight is 1; teams only for a team competition, which is always open sign-up. */
export function toCompetitionRequest(v: CompetitionFormValues): CompetitionRequest {
  const team = v.type === "team";
  return {
    title: v.title.trim(),
    starts_at: localInputToIso(v.starts_at),
    ends_at: localInputToIso(v.ends_at),
    metric_kind: v.metric_kind,
    metrics: v.metrics.filter((m) => m.metric !== "").map((m) => ({ metric: m.metric, weight: numberOrAbsent(m.weight) ?? 1 })),
    type: v.type,
    signup: team ? "open" : v.signup,
    teams: team ? v.teams.map((t) => t.trim()) : [],
    prizes: prizeRequest(v.prizes),
  };
}

/**
 * The PATCH body: only what differs from the competition as it was loaded (`initial`, made by
 * competitionFormValues), so an edit that leaves the teams alone can be saved after players
 * signed up, and a start left as it was is not sent back rounded to the minute. Empty: nothing
 * changed.
 */
export function toCompetitionPatch(v: CompetitionFormValues, initial: CompetitionFormValues): Partial<CompetitionRequest> {
  const now = toCompetitionRequest(v);
  const was = toCompetitionRequest(initial);
  const patch: Partial<CompetitionRequest> = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const key of Object.keys(now) as (keyof CompetitionRequest)[]) {
    // Times compare as typed: the stored instant may carry seconds the minute field cannot show.
    const changed = key === "starts_at" || key === "ends_at" ? v[key].trim() !== initial[key].trim() : !same(now[key], was[key]);
    if (changed) (patch as Record<string, unknown>)[key] = now[key];
  }
  return patch;
}

/** Checks made before sending, as field errors: rows the server could not place (a prize row half filled). */
export function competitionFormErrors(v: CompetitionFormValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (v.metrics.every((m) => m.metric === "")) errors.metrics = ["Choose at least one metric."];
  if (v.prizes.some((p) => p.item_id.trim() === "" || p.quantity.trim() === ""))
    errors.prizes = ["Give each prize an item id and a quantity, or remove its row."];
  if (v.type === "team" && v.teams.some((t) => t.trim() === "")) errors.teams = ["Each team needs a name."];
  return errors;
}

/** The form as a competition fills it (the edit page), or empty with a default window for a new one. */
export function competitionFormValues(c: TCompetition | null, now = new Date()): CompetitionFormValues {
  if (!c) {
    // The next whole hour at least an hour away, for a week.
    const start = new Date(now.getTime() + 60 * 60_000);
    start.setMinutes(0, 0, 0);
    start.setTime(start.getTime() + 60 * 60_000);
    const end = new Date(start.getTime() + 7 * 86_400_000);
    return {
      title: "",
      starts_at: isoToLocalInput(start.toISOString()),
      ends_at: isoToLocalInput(end.toISOString()),
      metric_kind: "skills",
      metrics: [{ metric: "", weight: "" }],
      type: "classic",
      signup: "open",
      teams: [],
      prizes: [],
    };
  }
  return {
    title: c.title,
    starts_at: isoToLocalInput(c.starts_at),
    ends_at: isoToLocalInput(c.ends_at),
    metric_kind: c.metric_kind,
    metrics: c.metrics.length ? c.metrics.map((m) => ({ metric: m.metric, weight: String(m.weight) })) : [{ metric: "", weight: "" }],
    type: c.type,
    signup: c.signup,
    teams: c.teams.map((t) => t.name),
    prizes: c.prizes.map((p) => ({ item_id: String(p.item_id), quantity: String(p.quantity) })),
  };
}

// ── weekly schedules ──

export type ScheduleFormValues = {
  kind: TScheduleKind;
  weekday: string;
  hour: string;
  duration_hours: string;
  signup: "open" | "everyone";
  staff_choose: boolean;
  rotation: string[];
  prizes: PrizeRow[];
};

export type ScheduleRequest = {
  kind: TScheduleKind;
  weekday: number | undefined;
  hour: number | undefined;
  duration_hours: number | undefined;
  signup: "open" | "everyone";
  staff_choose: boolean;
  rotation: string[];
  prizes: { item_id: number | undefined; quantity: number | undefined }[];
};

/** The POST body: blank rotation rows left out, and no rotation at all when staff choose each week. */
export function toScheduleRequest(v: ScheduleFormValues): ScheduleRequest {
  return {
    kind: v.kind,
    weekday: numberOrAbsent(v.weekday),
    hour: numberOrAbsent(v.hour),
    duration_hours: numberOrAbsent(v.duration_hours),
    signup: v.signup,
    staff_choose: v.staff_choose,
    rotation: v.staff_choose ? [] : v.rotation.filter((m) => m !== ""),
    prizes: prizeRequest(v.prizes),
  };
}

/** The PATCH body: only the fields that differ from the schedule as loaded (a rotation sent again restarts it). */
export function toSchedulePatch(v: ScheduleFormValues, initial: ScheduleFormValues): Partial<ScheduleRequest> {
  const now = toScheduleRequest(v);
  const was = toScheduleRequest(initial);
  const patch: Partial<ScheduleRequest> = {};
  for (const key of Object.keys(now) as (keyof ScheduleRequest)[])
    if (JSON.stringify(now[key]) !== JSON.stringify(was[key])) (patch as Record<string, unknown>)[key] = now[key];
  // A new kind needs its own rotation: send the rotation with it, so the server judges the pair.
  if (patch.kind !== undefined && patch.rotation === undefined) patch.rotation = now.rotation;
  return patch;
}

export function scheduleFormErrors(v: ScheduleFormValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!v.staff_choose && v.rotation.every((m) => m === "")) errors.rotation = ["Give the rotation at least one metric, or let staff choose."];
  if (v.prizes.some((p) => p.item_id.trim() === "" || p.quantity.trim() === ""))
    errors.prizes = ["Give each prize an item id and a quantity, or remove its row."];
  return errors;
}

export function scheduleFormValues(s: TSchedule | null): ScheduleFormValues {
  if (!s) return { kind: "skill", weekday: "1", hour: "12", duration_hours: "168", signup: "everyone", staff_choose: false, rotation: [""], prizes: [] };
  return {
    kind: s.kind,
    weekday: String(s.weekday),
    hour: String(s.hour),
    duration_hours: String(s.duration_hours),
    signup: s.signup,
    staff_choose: s.staff_choose,
    rotation: s.rotation.length ? [...s.rotation] : [""],
    prizes: s.prizes.map((p) => ({ item_id: String(p.item_id), quantity: String(p.quantity) })),
  };
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
