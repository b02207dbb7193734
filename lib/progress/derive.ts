// What one push from the game means for a player's progress: the achievement tiers it crossed and
// the adventure-log entries it makes. Pure: the push computes it from the values before and after
// (lib/server/progress/record-progress.ts), and the tests call it directly.

import { activityById } from "../hiscores-layout";
import { SKILLS } from "../skills";
import { levelForXp, MAX_LEVEL } from "../xp";
import { ACHIEVEMENTS, type AchievementTier, XP_99 } from "./config";

/** One metric the push changed: 0 Overall (total XP), 1–23 a skill's XP, 100+ an activity's score. */
export type MetricChange = { metric: number; before: number; after: number };

export type LogKind = "level" | "xp" | "kills" | "kc" | "achievement";

export type LogEntry = {
  kind: LogKind;
  /** Entries with one key within the collapse window are one entry (its count grows). */
  key: string;
  metric: number;
  /** The level, experience, kill count or threshold reached. */
  value: number;
  /** Levels gained, milestones passed or kills made: what a collapsed entry adds up. */
  count: number;
  /** Shown in the server-wide feed on the home page. */
  feed: boolean;
  /** The server first this entry may be (first to 99, to 200M, first kill): claimed by the push. */
  first?: string;
};

/** The lowest level over the 23 skills, from their experience (index 0 = skill 1). */
export function baseLevel(skillXp: readonly number[]): number {
  if (skillXp.length < SKILLS.length) return 1;
  return Math.min(...skillXp.slice(0, SKILLS.length).map(levelForXp));
}

/** A tier's value for a player: the metric's value, or the base level for the base tiers. */
function measured(t: AchievementTier, values: ReadonlyMap<number, number>, base: number): number {
  return t.measure === "base" ? base : (values.get(t.metric) ?? 0);
}

/** The tiers met by these values (all of them, whatever was met before). */
export function tiersMet(values: ReadonlyMap<number, number>, skillXp: readonly number[]): AchievementTier[] {
  const base = baseLevel(skillXp);
  return ACHIEVEMENTS.filter((t) => measured(t, values, base) >= t.threshold);
}

const FIRST_FOR_TIER = (t: AchievementTier): string | undefined => {
  if (t.measure === "base" && t.threshold === MAX_LEVEL) return "maxed";
  if (t.measure !== "experience" || t.metric === 0) return undefined;
  if (t.threshold === XP_99) return `99:${t.metric}`;
  if (t.threshold === 200_000_000) return `200m:${t.metric}`;
  return undefined;
};

/**
 * The tiers crossed between two states (below before, met after) and the log entries of the
 * change. `skillXpBefore`/`skillXpAfter`: the 23 skills' experience, for the base-level tiers.
 */
export function deriveProgress(
  changes: readonly MetricChange[],
  skillXpBefore: readonly number[],
  skillXpAfter: readonly number[],
  // Numbers, not the configured literals: a caller (a test) may pass other thresholds.
  cfg: Record<"logLevelsFrom" | "logXpEvery" | "logKillsEvery", number>,
): { crossed: AchievementTier[]; log: LogEntry[] } {
  const before = new Map(changes.map((c) => [c.metric, c.before]));
  const after = new Map(changes.map((c) => [c.metric, c.after]));
  const baseBefore = baseLevel(skillXpBefore);
  const baseAfter = baseLevel(skillXpAfter);
  const changed = new Set(changes.map((c) => c.metric));
  const crossed = ACHIEVEMENTS.filter((t) => {
    if (t.measure !== "base" && !changed.has(t.metric)) return false;
    return measured(t, before, baseBefore) < t.threshold && measured(t, after, baseAfter) >= t.threshold;
  });

  const log: LogEntry[] = [];
  for (const { metric, before: b, after: a } of changes) {
    if (a <= b) continue;
    if (metric >= 1 && metric <= SKILLS.length) {
      const from = levelForXp(b);
      const to = levelForXp(a);
      const counted = to - Math.max(from, cfg.logLevelsFrom - 1);
      if (to > from && counted > 0) log.push({ kind: "level", key: `level:${metric}`, metric, value: to, count: counted, feed: false });
      if (a >= XP_99 && cfg.logXpEvery > 0) {
        const step = cfg.logXpEvery;
        const passed = Math.floor(a / step) - Math.floor(Math.max(b, XP_99) / step);
        if (passed > 0) log.push({ kind: "xp", key: `xp:${metric}`, metric, value: Math.floor(a / step) * step, count: passed, feed: false });
      }
    }
    const activity = activityById(metric);
    if (activity?.group === "bosses") {
      const first = b === 0 ? { first: `kill:${metric}` } : {};
      log.push({ kind: "kills", key: `kills:${metric}`, metric, value: a, count: a - b, feed: false, ...first });
      const step = cfg.logKillsEvery;
      if (step > 0) {
        const passed = Math.floor(a / step) - Math.floor(b / step);
        if (passed > 0) log.push({ kind: "kc", key: `kc:${metric}`, metric, value: Math.floor(a / step) * step, count: passed, feed: false });
      }
    }
  }
  for (const t of crossed) {
    const first = FIRST_FOR_TIER(t);
    log.push({ kind: "achievement", key: `ach:${t.key}`, metric: t.metric, value: t.threshold, count: 1, feed: true, ...(first ? { first } : {}) });
  }
  return { crossed, log };
}
