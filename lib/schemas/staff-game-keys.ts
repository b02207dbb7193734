import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody } from "./api";
import { GAME_SCOPES } from "./game";
import { zId } from "./ids";

// Contracts of the game-server key page: owners make, list and revoke the API keys
// game servers call /api/v1/game/** with. The same use cases as `npm run admin -- game-key`.

export const GAME_KEY_NAME_MAX = 64;
export const GAME_KEY_NAME_MESSAGE = `Give the key a name of 1 to ${GAME_KEY_NAME_MAX} characters, e.g. world-1.`;
export const GAME_KEY_SCOPES_MESSAGE = `Choose one or more scopes: ${GAME_SCOPES.join(", ")}.`;

/** What each scope lets a key call, for the form and the docs (docs/game-integration.md). */
export const GAME_SCOPE_HELP: Record<(typeof GAME_SCOPES)[number], string> = {
  login: "Check a player's username and password when they log in to the game.",
  deliveries: "Fetch, claim and acknowledge store purchases and vote rewards owed to players.",
  hiscores: "Push players' levels and experience to the hiscores.",
  players: "Report how many players are online.",
  "store-link":
    "Open store sessions for players: the game's ::store command signs the player in to the store on the website. Give it only to a game server that offers ::store.",
  events: "Report rare drops, pets, quests, clues and collection log slots for players' adventure logs.",
  "server-events": "Claim and acknowledge server-wide events, such as the reward of a reached community goal (double XP for an hour).",
  punishments: "Claim and acknowledge punishment events (a mute, ban or warning given, lifted or ended), to mute, kick or tell players in the game.",
};

export const ZStaffGameKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("gsk_ and 8 characters: the part of the key that identifies it, safe to show"),
  scopes: z.array(z.string()).describe("What the key may call"),
  createdAt: z.string().describe("ISO 8601"),
  lastUsedAt: z.string().nullable().describe("ISO 8601; updated at most once a minute; null when never used"),
  revokedAt: z.string().nullable().describe("ISO 8601; null while the key works"),
});
export type TStaffGameKey = z.infer<typeof ZStaffGameKey>;

export const ZCreatedGameKey = z.object({
  key: z.string().describe("The whole key, shown this once: only its SHA-256 is stored"),
  gameKey: ZStaffGameKey,
});
export type TCreatedGameKey = z.infer<typeof ZCreatedGameKey>;

export const ZGameKeyInput = z.object({
  name: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(GAME_KEY_NAME_MAX, GAME_KEY_NAME_MESSAGE).describe("A label for the key, e.g. world-1"),
  scopes: z
    .array(z.enum(GAME_SCOPES, { error: GAME_KEY_SCOPES_MESSAGE }), { error: GAME_KEY_SCOPES_MESSAGE })
    .min(1, GAME_KEY_SCOPES_MESSAGE)
    .max(GAME_SCOPES.length * 2, GAME_KEY_SCOPES_MESSAGE)
    .describe(`What the key may call: one or more of ${GAME_SCOPES.join(", ")}. There is no default.`),
});

// ── operations ──
const TAG = "Staff game keys";

export const listGameKeysOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/game-keys",
  summary: "Every game-server API key, revoked ones included (never the secret)",
  tag: TAG,
  auth: "owner",
  responses: { 200: { description: "Keys, oldest first", schema: z.object({ results: z.array(ZStaffGameKey) }) } },
});
export const createGameKeyOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/game-keys",
  summary: "Create a game-server API key with exactly the scopes named",
  tag: TAG,
  auth: "owner",
  body: ZGameKeyInput,
  description: "The answer carries the whole key once; only its hash is stored, so a lost key is replaced, not recovered.",
  responses: { 201: { description: "Created", schema: ZCreatedGameKey }, 400: { description: "Field errors", schema: ZErrorBody } },
});
export const revokeGameKeyOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/game-keys/{id}",
  summary: "Revoke a game-server API key",
  tag: TAG,
  auth: "owner",
  params: z.object({ id: zId({ description: "Id from GET /api/v1/staff/game-keys" }) }),
  description: "The key is kept in the list, marked revoked; calls with it get 401 from the next request on.",
  responses: {
    200: { description: "Revoked", schema: ZStaffGameKey },
    404: { description: "No such key", schema: ZErrorBody },
    409: { description: "Already revoked", schema: ZErrorBody },
  },
});

export const staffGameKeyOperations = [listGameKeysOp, createGameKeyOp, revokeGameKeyOp];
