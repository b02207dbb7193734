// What counts as progress on this server: the achievement tiers, as data in one place, and the
// owner's settings of lib/site-config.ts (time zone, adventure-log thresholds). Pure (no I/O). An
// owner of a faster server (say 25×) edits the tiers here; the push reads them, so a new tier is
// dated from the next push that crosses it (docs/progress.md).

import { ACTIVITIES, type Activity } from "../hiscores-layout";
import { siteConfig } from "../site-config";
import { SKILLS } from "../skills";
import { XP_FOR_LEVEL } from "../xp";

/** 13,034,431: level 99. */
export const XP_99 = XP_FOR_LEVEL[99]!;

export const progressConfig = {
  ...siteConfig.progress,
  /** Hourly history is kept this many days, then merged into one row per day (kept for good). */
  hourlyHistoryDays: 90,
};

export type ProgressConfig = typeof progressConfig;

/** How an achievement's value is read: a metric's own value, or the lowest level over the 23 skills. */
export type Measure = "experience" | "score" | "base";

export type AchievementTier = {
  /** Stable: stored with the player (never renumber). */
  key: string;
  /** The hiscore metric it belongs to (0 Overall, 1–23 skills, 100+ activities). */
  metric: number;
  measure: Measure;
  threshold: number;
  name: string;
};

const compact = (n: number): string =>
  n >= 1e9 ? `${+(n / 1e9).toFixed(1)}B` : n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : String(n);

export const SKILL_XP_TIERS = [XP_99, 50_000_000, 100_000_000, 200_000_000];
export const OVERALL_XP_TIERS = [100_000_000, 200_000_000, 500_000_000, 1_000_000_000, 2_000_000_000, 4_600_000_000];
export const BASE_LEVEL_TIERS = [60, 70, 80, 90, 99];

/** Kill-count tiers: most bosses, raids, and the rarer or slower ones. */
const BOSS_TIERS = [500, 1_000, 5_000, 10_000];
const RAID_TIERS = [100, 500, 1_000, 5_000];
const SLOW_TIERS = [50, 100, 500, 1_000];
const RARE_TIERS = [10, 50, 100, 200];
const GAUNTLET_TIERS = [100, 200, 1_000, 2_000];

const ACTIVITY_TIERS: Record<string, number[]> = {
  chambers_of_xeric: RAID_TIERS,
  chambers_of_xeric_challenge_mode: RAID_TIERS,
  theatre_of_blood: RAID_TIERS,
  theatre_of_blood_hard_mode: RAID_TIERS,
  tombs_of_amascut: RAID_TIERS,
  tombs_of_amascut_expert: RAID_TIERS,
  the_gauntlet: GAUNTLET_TIERS,
  the_corrupted_gauntlet: GAUNTLET_TIERS,
  bryophyta: SLOW_TIERS,
  obor: SLOW_TIERS,
  hespori: SLOW_TIERS,
  skotizo: SLOW_TIERS,
  tztok_jad: SLOW_TIERS,
  mimic: RARE_TIERS,
  tzkal_zuk: RARE_TIERS,
  sol_heredit: RARE_TIERS,
  clue_scrolls_all: [500, 1_000, 5_000, 10_000],
  clue_scrolls_beginner: [200, 500, 1_000, 5_000],
  clue_scrolls_easy: [500, 1_000, 5_000, 10_000],
  clue_scrolls_medium: [500, 1_000, 5_000, 10_000],
  clue_scrolls_hard: [500, 1_000, 5_000, 10_000],
  clue_scrolls_elite: [100, 500, 1_000, 5_000],
  clue_scrolls_master: [100, 500, 1_000, 5_000],
};

function activityTiers(a: Activity): number[] {
  return ACTIVITY_TIERS[a.key] ?? (a.group === "bosses" ? BOSS_TIERS : []);
}

function activityTierName(a: Activity, n: number): string {
  if (a.group === "bosses") return `${compact(n)} ${a.name} ${a.key === "barrows_chests" || a.key === "lunar_chests" ? "opened" : "kills"}`;
  return `${compact(n)} ${a.name}`;
}

/** Every achievement tier, in the order the Achievements tab lists them. */
export const ACHIEVEMENTS: readonly AchievementTier[] = [
  ...BASE_LEVEL_TIERS.map((l) => ({ key: `base:${l}`, metric: 0, measure: "base" as const, threshold: l, name: l === 99 ? "Maxed" : `Base ${l} stats` })),
  ...OVERALL_XP_TIERS.map((x) => ({ key: `xp:0:${x}`, metric: 0, measure: "experience" as const, threshold: x, name: `${compact(x)} Overall XP` })),
  ...SKILLS.flatMap((skill, i) =>
    SKILL_XP_TIERS.map((x) => ({
      key: `xp:${i + 1}:${x}`,
      metric: i + 1,
      measure: "experience" as const,
      threshold: x,
      name: x === XP_99 ? `99 ${skill}` : `${compact(x)} ${skill} XP`,
    })),
  ),
  ...ACTIVITIES.flatMap((a) =>
    activityTiers(a).map((n) => ({ key: `score:${a.id}:${n}`, metric: a.id, measure: "score" as const, threshold: n, name: activityTierName(a, n) })),
  ),
];

export const achievementByKey = (key: string): AchievementTier | undefined => BY_KEY.get(key);
const BY_KEY = new Map(ACHIEVEMENTS.map((a) => [a.key, a]));

export { compact as compactNumber };
