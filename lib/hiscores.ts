// Hiscores rules and URL vocabulary (docs/product.md §2, §9; docs/hiscores.md). Pure: shared by
// pages, API contracts and the server. The database orders ladders by the same keys, generated
// in migration 20261124000000 (scoreOf / tiebreakOf mirror those expressions). A ladder's id is a
// skill's (0 Overall, 1–23) or an activity's (100 and up, lib/hiscores-layout.ts: level 0, the
// score as experience, so scoreOf(0, score) orders it by score).

import { ACTIVITIES, activityById, activitySlug, OFFICIAL_ACTIVITIES, OFFICIAL_MODE_SEGMENTS, OFFICIAL_SKILLS } from "./hiscores-layout";
import { GAME_MODES, type TGameMode, type TXpMode, XP_MODES } from "./schemas/game";
import { OVERALL_ID, SKILLS, skillName } from "./skills";

export const HISCORES_PAGE_SIZE = 25;
/** A ladder keeps every ANCHOR_EVERY-th row's key; ranks are counted from the nearest one. */
export const ANCHOR_EVERY = 500;
/** Pages beyond this are answered as empty (10 million players' worth). */
export const HISCORES_MAX_PAGE = 400_000;

export { GAME_MODES, XP_MODES, type TGameMode, type TXpMode };

/** The database's names (the GameMode / XpMode enums of prisma/schema/hiscores.prisma). */
export type GameMode = "REGULAR" | "IRONMAN" | "ULTIMATE_IRONMAN" | "HARDCORE_IRONMAN" | "GROUP_IRONMAN";
export type XpMode = "REGULAR" | "X10" | "X15" | "X25";

export const GAME_MODE_DB: Record<TGameMode, GameMode> = {
  regular: "REGULAR",
  ironman: "IRONMAN",
  ultimate_ironman: "ULTIMATE_IRONMAN",
  hardcore_ironman: "HARDCORE_IRONMAN",
  group_ironman: "GROUP_IRONMAN",
};
export const XP_MODE_DB: Record<TXpMode, XpMode> = { regular: "REGULAR", "10x": "X10", "15x": "X15", "25x": "X25" };

export const GAME_MODE_LABEL: Record<TGameMode, string> = {
  regular: "Regular",
  ironman: "Ironman",
  ultimate_ironman: "Ultimate Ironman",
  hardcore_ironman: "Hardcore Ironman",
  group_ironman: "Group Ironman",
};
export const XP_MODE_LABEL: Record<TXpMode, string> = { regular: "Regular", "10x": "10X", "15x": "15X", "25x": "25X" };

export const gameModeFromDb = (m: GameMode): TGameMode => GAME_MODES.find((k) => GAME_MODE_DB[k] === m)!;
export const xpModeFromDb = (m: XpMode): TXpMode => XP_MODES.find((k) => XP_MODE_DB[k] === m)!;

/** Our game mode for an official per-mode path segment (`m=hiscore_oldschool_ironman`); null for any other. */
export function gameModeOfSegment(segment: string): TGameMode | null {
  return Object.hasOwn(OFFICIAL_MODE_SEGMENTS, segment) ? OFFICIAL_MODE_SEGMENTS[segment as keyof typeof OFFICIAL_MODE_SEGMENTS] : null;
}

/** `?page=` of the hiscores: below 1, not a number or missing → 1 (docs/product.md §4); capped. */
export function clampHiscoresPage(raw: string | null | undefined): number {
  const n = raw && /^\s*-?\d+\s*$/.test(raw) ? Number.parseInt(raw, 10) : Number.NaN;
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, HISCORES_MAX_PAGE);
}

/** A game mode from the URL; anything else → regular (pages are lenient, the API says 400). */
export const readGameMode = (raw: string | null | undefined): TGameMode =>
  (GAME_MODES as readonly string[]).includes(raw ?? "") ? (raw as TGameMode) : "regular";
export const readXpMode = (raw: string | null | undefined): TXpMode => ((XP_MODES as readonly string[]).includes(raw ?? "") ? (raw as TXpMode) : "regular");

/** URL slug of a skill: "overall", "attack", …, "runecrafting". */
export const skillSlug = (id: number): string => (id === OVERALL_ID ? "overall" : SKILLS[id - 1]!.toLowerCase());

/** URL slug of any ladder: a skill's ("attack") or an activity's ("theatre-of-blood-hard-mode"). */
export function ladderSlug(id: number): string {
  const a = activityById(id);
  return a ? activitySlug(a) : skillSlug(id);
}

/** The site's name of a ladder: a skill's (docs/product.md §9, "Runecrafting") or an activity's. */
export const ladderName = (id: number): string => activityById(id)?.name ?? skillName(id);

/** The categories of the hiscores page: Overall, then the 23 skills in the order of docs/product.md §9. */
export const CATEGORIES: readonly { id: number; name: string; slug: string }[] = [
  { id: OVERALL_ID, name: "Overall", slug: "overall" },
  ...SKILLS.map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() })),
];

/** The ladder a `/hiscores/{slug}` page shows: a skill or an activity; null for anything else. */
export function ladderBySlug(slug: string): { id: number; name: string; slug: string } | null {
  const s = slug.toLowerCase();
  const skill = CATEGORIES.find((c) => c.slug === s);
  if (skill) return skill;
  const a = ACTIVITIES.find((x) => activitySlug(x) === s);
  return a ? { id: a.id, name: a.name, slug: activitySlug(a) } : null;
}

/** `/hiscores/{ladder}?mode=&xp=&page=` with defaults left out, so links stay short and shareable. */
export function hiscoresHref(o: { skill?: number; mode?: TGameMode; xp?: TXpMode; page?: number }): string {
  const path = o.skill ? `/hiscores/${ladderSlug(o.skill)}` : "/hiscores";
  const q = new URLSearchParams();
  if (o.mode && o.mode !== "regular") q.set("mode", o.mode);
  if (o.xp && o.xp !== "regular") q.set("xp", o.xp);
  if (o.page && o.page > 1) q.set("page", String(o.page));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export function playerHref(username: string, o: { mode?: TGameMode; xp?: TXpMode } = {}): string {
  const q = new URLSearchParams();
  if (o.mode && o.mode !== "regular") q.set("mode", o.mode);
  if (o.xp && o.xp !== "regular") q.set("xp", o.xp);
  const s = q.toString();
  return `/hiscores/player/${encodeURIComponent(username)}${s ? `?${s}` : ""}`;
}

// ── ranking keys (the same expressions as the generated columns) ──

const TIE_EPOCH_S = 1_577_836_800n; // 2020-01-01T00:00:00Z
const TIE_ID_SPAN = 2_147_483_648n; // 2^31: user ids are int4

/** Higher ranks first: total level (Overall) or the level that follows the XP (a skill), then XP. */
export function scoreOf(level: number, experience: number | bigint): bigint {
  return BigInt(level) * 10_000_000_000n + BigInt(experience);
}

/** Higher ranks first among equal scores: reached earlier (to the second), then the lower user id. */
export function tiebreakOf(reachedAt: Date, userId: number): bigint {
  const seconds = BigInt(Math.floor(reachedAt.getTime() / 1000));
  return -((seconds - TIE_EPOCH_S) * TIE_ID_SPAN + BigInt(userId));
}

// ── the official Old School hiscores formats (index_lite.ws / .json, lib/hiscores-layout.ts) ──

type RankedSkill = { skill: number; rank: number; level: number; experience: number };
type RankedActivity = { activity: string; rank: number; score: number };
export type OfficialInput = { username: string; results: readonly RankedSkill[]; activities: readonly RankedActivity[] };

/**
 * Every row of the official layout, in its order: the 25 skills (a skill without a row, and
 * Sailing, unranked: rank -1, level 1, xp -1), then every activity (unranked: -1, -1).
 */
function officialRows(p: OfficialInput) {
  const skills = new Map(p.results.map((r) => [r.skill, r]));
  const activities = new Map(p.activities.map((a) => [a.activity, a]));
  return {
    skills: OFFICIAL_SKILLS.map(({ id, name }) => {
      const e = skills.get(id);
      return e ? { id, name, rank: e.rank, level: e.level, xp: e.experience } : { id, name, rank: -1, level: 1, xp: -1 };
    }),
    // The official JSON numbers activities by their place in the list, from 0.
    activities: OFFICIAL_ACTIVITIES.map((a, id) => {
      const e = activities.get(a.key);
      return e ? { id, name: a.name, rank: e.rank, score: e.score } : { id, name: a.name, rank: -1, score: -1 };
    }),
  };
}

/** index_lite.ws: `rank,level,xp` per skill, then `rank,score` per activity; newline-terminated. */
export function indexLiteCsv(p: OfficialInput): string {
  const { skills, activities } = officialRows(p);
  return [...skills.map((s) => `${s.rank},${s.level},${s.xp}\n`), ...activities.map((a) => `${a.rank},${a.score}\n`)].join("");
}

/** index_lite.json: `{ name, skills: [{ id, name, rank, level, xp }], activities: [{ id, name, rank, score }] }`. */
export function indexLiteJson(p: OfficialInput) {
  return { name: p.username, ...officialRows(p) };
}
