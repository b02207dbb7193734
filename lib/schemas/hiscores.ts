import { z } from "zod";
import { CATEGORIES, clampHiscoresPage, GAME_MODES, HISCORES_PAGE_SIZE, XP_MODES } from "../hiscores";
import { ACTIVITY_KEYS, activityByKey, LAYOUT_DATE, OFFICIAL_ACTIVITIES, OFFICIAL_MODE_SEGMENTS, OFFICIAL_SKILLS } from "../hiscores-layout";
import { USERNAME_MAX } from "../usernames";
import { defineOperation, documentWith, zPaged } from "./api";

// Contracts of the hiscores API (docs/product.md §3 Hiscore entry / Player entry, §7): the
// ladders of skills and activities, one player's ranks, and lookups in the format of the
// official Old School hiscores (index_lite.ws / index_lite.json, also under the official per-mode
// paths) for game clients built on RuneLite and other readers of Jagex's hiscores.

const TAG = "Hiscores";

/** `?page=`: like the page, anything below 1 or not a number is page 1 (docs/product.md §4), never a 400. */
export const zHiscoresPage = z
  .string()
  .optional()
  .transform((s) => clampHiscoresPage(s))
  .describe(`Page number from 1 (${HISCORES_PAGE_SIZE} a page); below 1 or not a number reads as 1`);

export const zMode = z.enum(GAME_MODES, { error: `Must be one of ${GAME_MODES.join(", ")}.` });
export const zXp = z.enum(XP_MODES, { error: `Must be one of ${XP_MODES.join(", ")}.` });

const SLUGS = CATEGORIES.map((c) => c.slug);
/** A skill by name (overall, attack, …) or by number ("0"–"23"); read trimmed and in any case. */
const zSkill = z
  .preprocess(
    (s) => (typeof s === "string" ? s.trim().toLowerCase() : s),
    z.enum([...SLUGS, ...SLUGS.map((_, i) => String(i))], { error: `Must be overall or a skill name (${SLUGS.slice(1).join(", ")}), or its number 0–23.` }),
  )
  .transform((s) => (/^\d+$/.test(s) ? Number(s) : SLUGS.indexOf(s)));

const zActivity = z.enum(ACTIVITY_KEYS, { error: "Must be an activity key, e.g. zulrah, clue_scrolls_all or pvp_kills (all are listed in the API document)." });

export const ZHiscoresQuery = z
  .object({
    page: zHiscoresPage,
    skill: zSkill.optional().describe("overall (default) or a skill name, e.g. attack; or its number 0–23"),
    activity: zActivity
      .optional()
      .describe("An activity's ladder instead of a skill's, by key: a boss (zulrah), clue scrolls (clue_scrolls_all), pvp_kills, pvp_kill_streak, …"),
    mode: zMode
      .optional()
      .transform((m) => m ?? "regular")
      .describe("Game mode ladder (default regular)"),
    xp: zXp
      .optional()
      .transform((x) => x ?? "regular")
      .describe("XP mode ladder (default regular)"),
  })
  .refine((q) => q.skill === undefined || q.activity === undefined, { path: ["activity"], message: "Ask for a skill or an activity, not both." })
  // `skill` becomes the ladder's id: 0–23 for skills, 100+ for activities (lib/hiscores-layout.ts).
  .transform(({ skill, activity, ...rest }) => ({ ...rest, skill: activity ? activityByKey(activity)!.id : (skill ?? 0) }));

export const ZHiscoreEntry = z.object({
  id: z.number().int().describe("The player's account id"),
  rank: z.number().int().describe("1 is the best"),
  username: z.string(),
  total_level: z.number().int().describe("Overall: total level; a skill: its level"),
  total_experience: z.number().int().describe("Overall: total experience; a skill: its experience"),
});
export type THiscoreEntry = z.infer<typeof ZHiscoreEntry>;

export const ZActivityEntry = z.object({
  id: z.number().int().describe("The player's account id"),
  rank: z.number().int().describe("1 is the best"),
  username: z.string(),
  score: z.number().int().describe("Kill count, clue scrolls completed, points or kills"),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

export const hiscoresListOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores",
  summary: "One ladder, 25 players a page",
  description:
    "A skill ranks by experience (Overall: total level, then total experience), an activity by its score; ties go to whoever reached it first. Staff and banned players are left out. Each game mode and XP mode is its own ladder. Skill entries carry total_level and total_experience, activity entries score.",
  tag: TAG,
  auth: "none",
  query: ZHiscoresQuery,
  responses: { 200: { description: "The page", schema: zPaged(z.union([ZHiscoreEntry, ZActivityEntry])) } },
});

export const ZModeQuery = z.object({
  mode: zMode.optional().describe("Only answer when the player is on this game mode's ladder"),
  xp: zXp.optional().describe("Only answer when the player is on this XP mode's ladder"),
});

export const ZPlayerEntry = z.object({
  skill: z.number().int().describe("0 Overall, 1–23 the skills in the product contract's order"),
  skill_name: z.string(),
  rank: z.number().int(),
  level: z.number().int(),
  experience: z.number().int(),
});

export const ZPlayerActivity = z.object({
  activity: z.string().describe("The activity's key, e.g. zulrah"),
  name: z.string().describe("Its official name, e.g. Zulrah"),
  rank: z.number().int(),
  score: z.number().int(),
});

export const ZPlayerHiscores = z.object({
  id: z.number().int(),
  username: z.string(),
  game_mode: z.enum(GAME_MODES),
  xp_mode: z.enum(XP_MODES),
  updated: z.string().describe("ISO 8601: when the player's stats last changed (the latest time one of their skills or activities reached its current value)"),
  results: z.array(ZPlayerEntry).describe("Overall first, then the 23 skills"),
  activities: z
    .array(ZPlayerActivity)
    .describe("The activities the player is ranked in (score above 0), in the official order, then PvP kills and best kill streak"),
});
export type TPlayerHiscores = z.infer<typeof ZPlayerHiscores>;

export const ZPlayerParams = z.object({
  name: z.string().trim().min(1).max(USERNAME_MAX, "No such player.").describe("Username (case, spaces, - and _ ignored)"),
});

export const hiscoresPlayerOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}",
  summary: "A player's rank, level and experience in Overall and every skill, and their ranked activities",
  description: "404 when no player of that name is on the hiscores (staff and banned players are not), or not on the ladder asked for with mode / xp.",
  tag: TAG,
  auth: "none",
  params: ZPlayerParams,
  query: ZModeQuery,
  responses: { 200: { description: "The player", schema: ZPlayerHiscores }, 404: { description: "Not on the hiscores" } },
});

export const ZIndexLiteQuery = ZModeQuery.extend({
  player: z.string({ error: "Name a player." }).trim().min(1, "Name a player.").max(64).describe("Username"),
});

const LAYOUT = `the official layout of ${LAYOUT_DATE}: ${OFFICIAL_SKILLS.length} skill rows (Overall, the 23 skills, Sailing, which this server does not have) and ${OFFICIAL_ACTIVITIES.length} activity rows (League Points … Zulrah)`;

export const hiscoresIndexLiteWsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/index_lite.ws",
  summary: "A player's hiscores in the Old School CSV format",
  description: `text/plain, one line per row of ${LAYOUT}: \`rank,level,xp\` per skill, then \`rank,score\` per activity; \`-1,1,-1\` and \`-1,-1\` where unranked. Without mode / xp the player's own ladder; with them, 404 unless the player is on that ladder.`,
  tag: TAG,
  auth: "none",
  query: ZIndexLiteQuery,
  responses: { 200: { description: "CSV lines (text/plain)" }, 404: { description: "Unknown player" } },
});

export const ZIndexLiteJson = z.object({
  name: z.string().describe("The player's name"),
  skills: z.array(z.object({ id: z.number().int(), name: z.string(), rank: z.number().int(), level: z.number().int(), xp: z.number().int() })),
  activities: z.array(
    z.object({ id: z.number().int().describe("Place in the list, from 0"), name: z.string(), rank: z.number().int(), score: z.number().int() }),
  ),
});

export const hiscoresIndexLiteJsonOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/index_lite.json",
  summary: "A player's hiscores in the Old School JSON format",
  description: `\`{name, skills:[{id,name,rank,level,xp}], activities:[{id,name,rank,score}]}\` with every row of ${LAYOUT}, Jagex's names; rank and xp/score \`-1\` where unranked.`,
  tag: TAG,
  auth: "none",
  query: ZIndexLiteQuery,
  responses: { 200: { description: "The player", schema: ZIndexLiteJson }, 404: { description: "Unknown player" } },
});

// The same lookups under the official per-mode paths, so a client swaps one base address
// (https://secure.runescape.com/ → https://<site>/api/v1/hiscores/) and keeps its paths.
const SEGMENTS = Object.entries(OFFICIAL_MODE_SEGMENTS)
  .map(([segment, mode]) => `\`${segment}\` (${mode})`)
  .join(", ");

export const ZOfficialModeParams = z.object({
  // An enum in the document only: any other segment is a 404, as on the official hiscores.
  mode: documentWith(z.string().max(64), { enum: Object.keys(OFFICIAL_MODE_SEGMENTS) }).describe(
    `The official mode segment: ${SEGMENTS}; any other answers 404`,
  ),
});
export const ZOfficialModeQuery = ZIndexLiteQuery.omit({ mode: true });

export const hiscoresModeIndexLiteWsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/{mode}/index_lite.ws",
  summary: "index_lite.ws under an official per-mode path",
  description: `The same answer as \`/api/v1/hiscores/index_lite.ws?mode=\`, with the game mode chosen by the path like Jagex's: ${SEGMENTS}.`,
  tag: TAG,
  auth: "none",
  params: ZOfficialModeParams,
  query: ZOfficialModeQuery,
  responses: { 200: { description: "CSV lines (text/plain)" }, 404: { description: "Unknown player or mode segment, or the player is not on that ladder" } },
});

export const hiscoresModeIndexLiteJsonOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/{mode}/index_lite.json",
  summary: "index_lite.json under an official per-mode path",
  description: `The same answer as \`/api/v1/hiscores/index_lite.json?mode=\`, with the game mode chosen by the path like Jagex's: ${SEGMENTS}.`,
  tag: TAG,
  auth: "none",
  params: ZOfficialModeParams,
  query: ZOfficialModeQuery,
  responses: {
    200: { description: "The player", schema: ZIndexLiteJson },
    404: { description: "Unknown player or mode segment, or the player is not on that ladder" },
  },
});

export const hiscoresOperations = [
  hiscoresListOp,
  hiscoresPlayerOp,
  hiscoresIndexLiteWsOp,
  hiscoresIndexLiteJsonOp,
  hiscoresModeIndexLiteWsOp,
  hiscoresModeIndexLiteJsonOp,
];
