import { z } from "zod";
import { CATEGORIES, clampHiscoresPage, GAME_MODES, HISCORES_PAGE_SIZE, XP_MODES } from "../hiscores";
import { USERNAME_MAX } from "../usernames";
import { defineOperation, zPaged } from "./api";

// Contracts of the hiscores API (spec §3 Hiscore entry / Player entry, §7; issue 9): the ladders,
// one player's ranks, and lookups in the format of the official Old School hiscores
// (index_lite.ws / index_lite.json) for game clients built on RuneLite.

const TAG = "Hiscores";

/** `?page=`: like the page, anything below 1 or not a number is page 1 (spec §4), never a 400. */
const zHiscoresPage = z
  .string()
  .optional()
  .transform((s) => clampHiscoresPage(s))
  .describe(`Page number from 1 (${HISCORES_PAGE_SIZE} a page); below 1 or not a number reads as 1`);

const zMode = z.enum(GAME_MODES, { error: `Must be one of ${GAME_MODES.join(", ")}.` });
const zXp = z.enum(XP_MODES, { error: `Must be one of ${XP_MODES.join(", ")}.` });

const SLUGS = CATEGORIES.map((c) => c.slug);
const zSkill = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => SLUGS.includes(s) || /^(0|[1-9]|1\d|2[0-3])$/.test(s), `Must be overall or a skill name (${SLUGS.slice(1).join(", ")}), or its number 0–23.`)
  .transform((s) => (/^\d+$/.test(s) ? Number(s) : SLUGS.indexOf(s)));

export const ZHiscoresQuery = z.object({
  page: zHiscoresPage,
  skill: zSkill.optional().transform((s) => s ?? 0).describe("overall (default) or a skill name, e.g. attack; or its number 0–23"),
  mode: zMode.optional().transform((m) => m ?? "regular").describe("Game mode ladder (default regular)"),
  xp: zXp.optional().transform((x) => x ?? "regular").describe("XP mode ladder (default regular)"),
});
export type THiscoresQuery = z.output<typeof ZHiscoresQuery>;

export const ZHiscoreEntry = z.object({
  id: z.number().int().describe("The player's account id"),
  rank: z.number().int().describe("1 is the best"),
  username: z.string(),
  total_level: z.number().int().describe("Overall: total level; a skill: its level"),
  total_experience: z.number().int().describe("Overall: total experience; a skill: its experience"),
});
export type THiscoreEntry = z.infer<typeof ZHiscoreEntry>;

export const hiscoresListOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores",
  summary: "One ladder, 25 players a page",
  description:
    "Ranked by experience (Overall: total level, then total experience); ties go to whoever reached it first. Staff and banned players are left out. Each game mode and XP mode is its own ladder.",
  tag: TAG,
  auth: "none",
  query: ZHiscoresQuery,
  responses: { 200: { description: "The page", schema: zPaged(ZHiscoreEntry) } },
});

export const ZModeQuery = z.object({
  mode: zMode.optional().describe("Only answer when the player is on this game mode's ladder"),
  xp: zXp.optional().describe("Only answer when the player is on this XP mode's ladder"),
});

export const ZPlayerEntry = z.object({
  skill: z.number().int().describe("0 Overall, 1–23 the skills in spec order"),
  skill_name: z.string(),
  rank: z.number().int(),
  level: z.number().int(),
  experience: z.number().int(),
});
export type TPlayerEntry = z.infer<typeof ZPlayerEntry>;

export const ZPlayerHiscores = z.object({
  id: z.number().int(),
  username: z.string(),
  game_mode: z.enum(GAME_MODES),
  xp_mode: z.enum(XP_MODES),
  results: z.array(ZPlayerEntry).describe("Overall first, then the 23 skills"),
});
export type TPlayerHiscores = z.infer<typeof ZPlayerHiscores>;

export const ZPlayerParams = z.object({
  name: z.string().trim().min(1).max(USERNAME_MAX, "No such player.").describe("Username (case, spaces, - and _ ignored)"),
});

export const hiscoresPlayerOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/player/{name}",
  summary: "A player's rank, level and experience in Overall and every skill",
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

export const hiscoresIndexLiteWsOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/index_lite.ws",
  summary: "A player's hiscores in the Old School CSV format",
  description:
    "text/plain, one `rank,level,xp` line for Overall and then each skill in the official order (Attack … Construction); `-1` where unranked. Without mode / xp the player's own ladder; with them, 404 unless the player is on that ladder.",
  tag: TAG,
  auth: "none",
  query: ZIndexLiteQuery,
  responses: { 200: { description: "CSV lines (text/plain)" }, 404: { description: "Unknown player" } },
});

export const ZIndexLiteJson = z.object({
  skills: z.array(z.object({ id: z.number().int(), name: z.string(), rank: z.number().int(), level: z.number().int(), xp: z.number().int() })),
  activities: z.array(z.object({ id: z.number().int(), name: z.string(), rank: z.number().int(), score: z.number().int() })).describe("None tracked yet: always empty"),
});
export type TIndexLiteJson = z.infer<typeof ZIndexLiteJson>;

export const hiscoresIndexLiteJsonOp = defineOperation({
  method: "GET",
  path: "/api/v1/hiscores/index_lite.json",
  summary: "A player's hiscores in the Old School JSON format",
  description: "`{skills:[{id,name,rank,level,xp}], activities:[]}`, skills in the official order from Overall (id 0); `-1` where unranked.",
  tag: TAG,
  auth: "none",
  query: ZIndexLiteQuery,
  responses: { 200: { description: "The player", schema: ZIndexLiteJson }, 404: { description: "Unknown player" } },
});

export const hiscoresOperations = [hiscoresListOp, hiscoresPlayerOp, hiscoresIndexLiteWsOp, hiscoresIndexLiteJsonOp];
