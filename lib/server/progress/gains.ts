import "server-only";
import { GAME_MODE_DB, gameModeFromDb, HISCORES_PAGE_SIZE, type TGameMode, type TXpMode, XP_MODE_DB, xpModeFromDb } from "@/lib/hiscores";
import { progressConfig } from "@/lib/progress/config";
import { isSkillMetric, metricName, metricSlug } from "@/lib/progress/metrics";
import { type Period, periodStart, type RollingPeriod } from "@/lib/progress/periods";
import { usernameKey } from "@/lib/usernames";
import { levelForXp } from "@/lib/xp";
import { AppError } from "../errors";
import { NOT_ON_HISCORES } from "../hiscores/get-player-hiscores";
import {
  type ProgressPlayer,
  selectPlayerGains,
  selectPlayerRecords,
  selectProgressPlayer,
  selectRecords,
  selectSeries,
  selectTopGains,
  selectValueBefore,
} from "./sql/gains";

// Gains, their chart and records, read from the history (docs/progress.md). A gain over a window
// is max(0, end − max(start, 0)): the value now minus the value when the window began, never
// negative (a rollback in the game is a reset, not a loss).

export const gainOf = (start: number, end: number): number => Math.max(0, end - Math.max(start, 0));

/** The player on the hiscores by name (staff, banned and unknown names: 404). */
export async function progressPlayerOrThrow(name: string): Promise<ProgressPlayer> {
  const key = usernameKey(name);
  const player = key ? await selectProgressPlayer(key) : null;
  if (!player) throw new AppError("NOT_FOUND", { userMessage: NOT_ON_HISCORES });
  return player;
}

const levelsOf = (metric: number, start: number, end: number) =>
  isSkillMetric(metric) && metric !== 0 ? { start_level: levelForXp(start), end_level: levelForXp(end) } : { start_level: null, end_level: null };

export type PlayerGains = {
  username: string;
  game_mode: TGameMode;
  xp_mode: TXpMode;
  period: Period;
  from: string;
  to: string;
  results: { metric: string; name: string; start: number; end: number; gained: number; start_level: number | null; end_level: number | null }[];
};

export async function getPlayerGains(name: string, period: Period, now = new Date()): Promise<PlayerGains> {
  const player = await progressPlayerOrThrow(name);
  const from = periodStart(period, now, progressConfig.timeZone);
  const rows = await selectPlayerGains(player.id, from);
  return {
    username: player.username,
    game_mode: gameModeFromDb(player.gameMode),
    xp_mode: xpModeFromDb(player.xpMode),
    period,
    from: from.toISOString(),
    to: now.toISOString(),
    results: rows.map((r) => {
      const end = Number(r.endValue);
      // No row in the window: the value has not moved since it began.
      const start = r.startValue === null ? end : Number(r.startValue);
      return { metric: metricSlug(r.metric), name: metricName(r.metric), start, end, gained: gainOf(start, end), ...levelsOf(r.metric, start, end) };
    }),
  };
}

export type GainSeries = { username: string; metric: string; name: string; period: Period; from: string; points: { at: string; value: number }[] };

/**
 * One metric over the window, for the chart: the value when the window began, then the value at
 * the end of each hour (or merged day) it changed in.
 */
export async function getGainSeries(name: string, metric: number, period: Period, now = new Date()): Promise<GainSeries> {
  const player = await progressPlayerOrThrow(name);
  const from = periodStart(period, now, progressConfig.timeZone);
  const rows = await selectSeries(player.id, metric, from);
  const first = rows[0];
  const startValue = first ? Number(first.startValue) : Number((await selectValueBefore(player.id, metric, from)) ?? 0);
  const points = [{ at: from.toISOString(), value: startValue }];
  for (const r of rows) points.push({ at: new Date(Math.min(r.bucket.getTime() + 3_600_000, now.getTime())).toISOString(), value: Number(r.endValue) });
  if (points.length === 1 || points.at(-1)!.at !== now.toISOString()) points.push({ at: now.toISOString(), value: points.at(-1)!.value });
  return { username: player.username, metric: metricSlug(metric), name: metricName(metric), period, from: from.toISOString(), points };
}

export type TopGainsPage = {
  results: { rank: number; id: number; username: string; start: number; end: number; gained: number }[];
  hasNext: boolean;
};

export async function listTopGains(q: { period: Period; metric: number; mode: TGameMode; xp: TXpMode; page: number }): Promise<TopGainsPage> {
  const offset = (q.page - 1) * HISCORES_PAGE_SIZE;
  const rows = await selectTopGains(q.period, GAME_MODE_DB[q.mode], XP_MODE_DB[q.xp], q.metric, offset, HISCORES_PAGE_SIZE + 1);
  return {
    results: rows.slice(0, HISCORES_PAGE_SIZE).map((r) => ({
      rank: r.rank,
      id: r.userId,
      username: r.username,
      start: Number(r.startValue),
      end: Number(r.endValue),
      gained: Number(r.gained),
    })),
    hasNext: rows.length > HISCORES_PAGE_SIZE,
  };
}

export type RecordsPage = {
  results: { rank: number; id: number; username: string; gained: number; from: string; to: string }[];
  hasNext: boolean;
};

export async function listRecords(q: { period: RollingPeriod; metric: number; mode: TGameMode; xp: TXpMode; page: number }): Promise<RecordsPage> {
  const offset = (q.page - 1) * HISCORES_PAGE_SIZE;
  const rows = await selectRecords(q.period, q.metric, GAME_MODE_DB[q.mode], XP_MODE_DB[q.xp], offset, HISCORES_PAGE_SIZE + 1);
  return {
    results: rows.slice(0, HISCORES_PAGE_SIZE).map((r, i) => ({
      rank: offset + i + 1,
      id: r.userId,
      username: r.username,
      gained: Number(r.gained),
      from: r.fromAt.toISOString(),
      to: r.toAt.toISOString(),
    })),
    hasNext: rows.length > HISCORES_PAGE_SIZE,
  };
}

export type PlayerRecords = { username: string; results: { period: RollingPeriod; metric: string; name: string; gained: number; from: string; to: string }[] };

export async function getPlayerRecords(name: string): Promise<PlayerRecords> {
  const player = await progressPlayerOrThrow(name);
  const rows = await selectPlayerRecords(player.id);
  return {
    username: player.username,
    results: rows.map((r) => ({
      period: r.period as RollingPeriod,
      metric: metricSlug(r.metric),
      name: metricName(r.metric),
      gained: Number(r.gained),
      from: r.fromAt.toISOString(),
      to: r.toAt.toISOString(),
    })),
  };
}
