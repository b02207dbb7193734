// The metrics progress is kept for, by slug: "overall", each skill ("attack"), each activity by
// its key ("zulrah", "clue_scrolls_all"). Pure.

import { ACTIVITIES, activityById, activityByKey, isActivityId } from "../hiscores-layout";
import { OVERALL_ID, SKILLS, skillName } from "../skills";

export const SKILL_METRIC_SLUGS = ["overall", ...SKILLS.map((s) => s.toLowerCase())] as const;
export const METRIC_SLUGS = [...SKILL_METRIC_SLUGS, ...ACTIVITIES.map((a) => a.key)] as [string, ...string[]];

/** The metric id (hiscore_stats.skill) of a slug, or null. */
export function metricBySlug(slug: string): number | null {
  const s = slug.trim().toLowerCase();
  const skill = (SKILL_METRIC_SLUGS as readonly string[]).indexOf(s);
  if (skill >= 0) return skill;
  return activityByKey(s)?.id ?? null;
}

export function metricSlug(id: number): string {
  if (isActivityId(id)) return activityById(id)?.key ?? String(id);
  return SKILL_METRIC_SLUGS[id] ?? String(id);
}

export function metricName(id: number): string {
  if (isActivityId(id)) return activityById(id)?.name ?? String(id);
  return skillName(id);
}

/** Skills (and Overall) count experience; activities a score. */
export const isSkillMetric = (id: number): boolean => id >= OVERALL_ID && id <= SKILLS.length;
