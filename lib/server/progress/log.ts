import "server-only";
import { HISCORES_PAGE_SIZE } from "@/lib/hiscores";
import { achievementByKey, ACHIEVEMENTS, compactNumber } from "@/lib/progress/config";
import { baseLevel } from "@/lib/progress/derive";
import { metricName, metricSlug } from "@/lib/progress/metrics";
import { SKILLS } from "@/lib/skills";
import { progressPlayerOrThrow } from "./gains";
import { type EventRow, selectAchievements, selectFeed, selectPlayerEvents } from "./sql/log";

// A player's achievements and adventure log, and the server-wide feed (docs/progress.md).

export type AchievementView = {
  key: string;
  name: string;
  metric: string;
  threshold: number;
  value: number;
  met: boolean;
  reached_at: string | null;
  before_history: boolean;
};

export async function getPlayerAchievements(name: string): Promise<{ username: string; history_from: string | null; results: AchievementView[] }> {
  const player = await progressPlayerOrThrow(name);
  const { rows, historyFrom, values } = await selectAchievements(player.id);
  const held = new Map(rows.map((r) => [r.key, r.reachedAt]));
  const base = baseLevel(SKILLS.map((_, i) => values.get(i + 1) ?? 0));
  return {
    username: player.username,
    history_from: historyFrom?.toISOString() ?? null,
    results: ACHIEVEMENTS.map((t) => {
      const value = t.measure === "base" ? base : (values.get(t.metric) ?? 0);
      const has = held.has(t.key);
      const at = held.get(t.key) ?? null;
      // A tier met now but with no row (a player whose history has not begun, or a tier added since): not dated.
      const met = has || value >= t.threshold;
      return {
        key: t.key,
        name: t.name,
        metric: metricSlug(t.metric),
        threshold: t.threshold,
        value,
        met,
        reached_at: at?.toISOString() ?? null,
        before_history: met && !at,
      };
    }),
  };
}

type GameEventData = { name?: string; rarity?: number; tier?: string };

/** The entry as a sentence. */
export function logText(e: Pick<EventRow, "kind" | "key" | "metric" | "value" | "count" | "serverFirst" | "data">): string {
  const name = e.metric === null ? "" : metricName(e.metric);
  const value = Number(e.value);
  const data = (e.data ?? {}) as GameEventData;
  let text: string;
  switch (e.kind) {
    case "level":
      text = e.count > 1 ? `Reached level ${value} ${name} (${e.count} levels)` : `Reached level ${value} ${name}`;
      break;
    case "xp":
      text = `Reached ${compactNumber(value)} ${name} XP`;
      break;
    case "kills":
      text = e.serverFirst
        ? `Killed ${name}`
        : e.count === 1
          ? `Killed ${name} (kill count ${value.toLocaleString("en-US")})`
          : `Killed ${e.count} ${name} (kill count ${value.toLocaleString("en-US")})`;
      break;
    case "kc":
      text = `Reached ${value.toLocaleString("en-US")} ${name} kills`;
      break;
    case "achievement":
      text = `Achieved ${achievementByKey(e.key.slice(4))?.name ?? e.key}`;
      break;
    case "drop":
      text = `Received a rare drop: ${data.name ?? "an item"}${e.count > 1 ? ` ×${e.count}` : ""}${data.rarity ? ` (1/${data.rarity.toLocaleString("en-US")})` : ""}`;
      break;
    case "pet":
      text = `Found a pet: ${data.name ?? "a pet"}`;
      break;
    case "quest":
      text = `Completed the quest ${data.name ?? ""}`.trim();
      break;
    case "clue":
      text =
        e.count > 1
          ? `Completed ${e.count} ${data.tier ?? ""} clue scrolls`.replace("  ", " ")
          : `Completed a ${data.tier ?? ""} clue scroll`.replace("  ", " ");
      break;
    case "collection_log":
      text = `New collection log slot: ${data.name ?? "an item"}`;
      break;
    default:
      text = e.key;
  }
  return e.serverFirst ? `Server first! ${text}` : text;
}

const view = (e: EventRow) => ({
  id: Number(e.id),
  kind: e.kind,
  text: logText(e),
  metric: e.metric === null ? null : metricSlug(e.metric),
  value: Number(e.value),
  count: e.count,
  server_first: e.serverFirst,
  started_at: e.createdAt.toISOString(),
  at: e.updatedAt.toISOString(),
});

export type LogView = ReturnType<typeof view>;

export async function listPlayerLog(name: string, page: number): Promise<{ results: LogView[]; hasNext: boolean }> {
  const player = await progressPlayerOrThrow(name);
  const offset = (page - 1) * HISCORES_PAGE_SIZE;
  const rows = await selectPlayerEvents(player.id, offset, HISCORES_PAGE_SIZE + 1);
  return { results: rows.slice(0, HISCORES_PAGE_SIZE).map(view), hasNext: rows.length > HISCORES_PAGE_SIZE };
}

export const FEED_SIZE = 20;

export async function listRecentProgress(limit = FEED_SIZE): Promise<{ results: (LogView & { username: string })[] }> {
  const rows = await selectFeed(limit);
  return { results: rows.map((e) => ({ ...view(e), username: e.username })) };
}
