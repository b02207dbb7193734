// The URL vocabulary of the progress pages (docs/progress.md, "Pages"): what a page reads from
// its query and the links it builds. Pure. Pages are lenient, as the ladders are: a value they do
// not know reads as the default (the JSON API answers 400 instead).

import type { TGameMode, TXpMode } from "../hiscores";
import { metricBySlug, metricSlug } from "./metrics";
import { PERIODS, type Period, ROLLING_PERIODS, type RollingPeriod } from "./periods";

/** The period a page shows when the query names none (the API's default too). */
export const DEFAULT_PERIOD: Period = "week";

export const readPeriod = (raw: string | null | undefined): Period => ((PERIODS as readonly string[]).includes(raw ?? "") ? (raw as Period) : DEFAULT_PERIOD);

export const readRollingPeriod = (raw: string | null | undefined): RollingPeriod =>
  (ROLLING_PERIODS as readonly string[]).includes(raw ?? "") ? (raw as RollingPeriod) : "week";

/** A metric id from its slug (overall, attack, zulrah, clue_scrolls_all); anything else → Overall (0). */
export const readMetric = (raw: string | null | undefined): number => (raw ? (metricBySlug(raw.slice(0, 64)) ?? 0) : 0);

/** The tabs of a player's page, in the order the tab bar shows them. */
export const PLAYER_TABS = [
  { tab: "stats", label: "Stats", path: "" },
  { tab: "gains", label: "Gains", path: "/gains" },
  { tab: "achievements", label: "Achievements", path: "/achievements" },
  { tab: "log", label: "Adventure log", path: "/log" },
  { tab: "records", label: "Records", path: "/records" },
] as const;

export type PlayerTab = (typeof PLAYER_TABS)[number]["tab"];

function withQuery(path: string, q: Record<string, string | number | undefined>): string {
  const s = new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  return s ? `${path}?${s}` : path;
}

/** `/hiscores/player/{name}/{tab}`; defaults (week, overall, page 1) left out so links stay short. */
export function playerTabHref(username: string, tab: PlayerTab, q: { period?: Period; metric?: number; page?: number } = {}): string {
  const path = `/hiscores/player/${encodeURIComponent(username)}${PLAYER_TABS.find((t) => t.tab === tab)!.path}`;
  return withQuery(path, {
    period: q.period && q.period !== DEFAULT_PERIOD ? q.period : undefined,
    metric: q.metric ? metricSlug(q.metric) : undefined,
    page: q.page && q.page > 1 ? q.page : undefined,
  });
}

type BoardQuery = { period?: Period; metric?: number; mode?: TGameMode; xp?: TXpMode; page?: number };

function boardHref(path: string, q: BoardQuery): string {
  return withQuery(path, {
    period: q.period && q.period !== DEFAULT_PERIOD ? q.period : undefined,
    metric: q.metric ? metricSlug(q.metric) : undefined,
    mode: q.mode && q.mode !== "regular" ? q.mode : undefined,
    xp: q.xp && q.xp !== "regular" ? q.xp : undefined,
    page: q.page && q.page > 1 ? q.page : undefined,
  });
}

/** `/hiscores/gains?period=&metric=&mode=&xp=&page=`, defaults left out. */
export const topGainsHref = (q: BoardQuery = {}): string => boardHref("/hiscores/gains", q);

/** `/hiscores/records?period=&metric=&mode=&xp=&page=`, defaults left out. */
export const recordsHref = (q: Omit<BoardQuery, "period"> & { period?: RollingPeriod } = {}): string => boardHref("/hiscores/records", q);
