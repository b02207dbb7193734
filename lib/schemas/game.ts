import { z } from "zod";
import { ACTIVITIES, ACTIVITY_SCORE_MAX } from "../hiscores-layout";
import { SKILLS } from "../skills";
import { MAX_XP } from "../xp";
import { defineOperation, REQUIRED } from "./api";
import {
  type TGameKindOf,
  type TLiveDeliveryKind,
  ZGameCompetitionPrizePayload,
  ZGameVoteMonthlyPrizePayload,
  ZGameVoteStreakRewardPayload,
  ZGameCreditPackagePayload,
  ZGameStoreItemPayload,
  ZGameVoteRewardPayload,
} from "./delivery-payloads";
import { zId } from "./ids";
import { BLOCK_REASON_CODES } from "../orders/block-reasons";

// Contracts of the game bridge (docs/game-integration.md): what a game server
// calls with its API key. Field names are snake_case, like the rest of the game-facing API.

/** What a game API key may call; a key holds one or more. */
export const GAME_SCOPES = ["login", "deliveries", "hiscores", "players", "store-link", "events", "server-events", "punishments"] as const;
export type GameScope = (typeof GAME_SCOPES)[number];

export const GAME_MODES = ["regular", "ironman", "ultimate_ironman", "hardcore_ironman", "group_ironman"] as const;
export type TGameMode = (typeof GAME_MODES)[number];
export const XP_MODES = ["regular", "10x", "15x", "25x"] as const;
export type TXpMode = (typeof XP_MODES)[number];

/** Lease bounds for claimed deliveries, in seconds. */
export const LEASE_DEFAULT_SEC = 60;
export const LEASE_MIN_SEC = 10;
export const LEASE_MAX_SEC = 600;
export const CLAIM_LIMIT_MAX = 100;
/** How long a ::store link may be opened, in seconds. */
export const STORE_LINK_TTL_SEC = 300;

const TAG = "Game bridge";
const zPlayerId = () => zId({ description: "The player's account id (answered by /game/login)" });

// ── login ──

export const ZGameLoginInput = z.object({
  username: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64).describe("What the player typed as username"),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(256).describe("What the player typed as password"),
  code: z.string().max(64).optional().describe("Two-factor code (6 digits) or a recovery code, when the account has 2FA"),
  ip: z
    .union([z.ipv4(), z.ipv6()], { error: "Must be the player's IPv4 or IPv6 address, e.g. 203.0.113.7." })
    .transform((ip) => ip.toLowerCase())
    .optional()
    .describe("The player's IPv4 or IPv6 address as the game server sees it: login limits are per account and address"),
});
export type TGameLoginInput = z.input<typeof ZGameLoginInput>;

export const LOGIN_REFUSALS = [
  "invalid_credentials",
  "two_factor_required",
  "invalid_two_factor_code",
  "banned",
  "address_banned",
  "email_unconfirmed",
] as const;
export type TLoginRefusal = (typeof LOGIN_REFUSALS)[number];

export const ZGamePlayer = z.object({
  id: z.number().int(),
  name: z.string().describe("Display name"),
  privilege: z.enum(["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"]),
  memberRank: z.enum(["NONE", "PREMIUM", "EXPANSION", "EXTREME", "RESPECTED", "LEGENDARY", "MYTHICAL", "UBER"]).describe("Donator rank"),
  is_staff: z.boolean(),
  banned: z.boolean().describe("Always false here: a banned player is refused"),
  ban_reason: z.string().nullable(),
  mute: z
    .object({
      until: z.string().nullable().describe("ISO 8601 end of the mute (UTC); null: permanent"),
      message: z.string().describe("What to tell the player"),
    })
    .nullable()
    .describe("The mute in force now, or null: a muted player may play but not talk"),
});

export const ZGameLoginResult = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), player: ZGamePlayer }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(LOGIN_REFUSALS).describe("Why the login is refused; two_factor_required: ask the player for a code and call again with it"),
    message: z.string().describe("Text to show the player"),
    ban_reason: z.string().nullable().describe("Set when reason is banned"),
  }),
]);
export type TGameLoginResult = z.infer<typeof ZGameLoginResult>;

export const gameLoginOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/login",
  scope: "login",
  summary: "Verify a player's credentials for the game's login screen",
  description:
    "Answers 200 with either the player's profile (`ok: true`) or a refusal with its reason (`ok: false`). Limited per account and player address like the website login, and per key: past 120 attempts in a minute that do not prove the right password (over all accounts and addresses), every login through the key answers 429 until the minute ends. A 429 carries Retry-After (seconds): tell the player to wait, do not retry by yourself.",
  tag: TAG,
  auth: "game",
  rateLimited: true,
  body: ZGameLoginInput,
  responses: { 200: { description: "The verdict", schema: ZGameLoginResult } },
});

// ── deliveries ──

/** The kinds the game receives today; the reserved kinds of lib/schemas/delivery-payloads.ts join when written. */
export const DELIVERY_KINDS = [
  "store_item",
  "credit_package",
  "vote_reward",
  "competition_prize",
  "vote_streak_reward",
  "vote_monthly_prize",
] as const satisfies readonly TGameKindOf<TLiveDeliveryKind>[];

/** One kind's delivery as the game receives it, its payload typed by the kind; `extra` adds fields (the preview's status). */
function zGameDeliveryOf<K extends string, P extends z.ZodType, X extends z.ZodRawShape>(kind: K, payload: P, title: string, extra: X) {
  return z
    .object({
      id: z.number().int().describe("Delivery id: record it with the player's save; ack it once granted"),
      kind: z.literal(kind),
      payload,
      created: z.string().describe("ISO 8601"),
      ...extra,
    })
    .meta({ title });
}

/** A delivery of any kind the game receives, told apart by `kind` (OpenAPI: oneOf, one schema per kind). */
function zGameDelivery<X extends z.ZodRawShape>(extra: X, suffix = "") {
  return z.discriminatedUnion("kind", [
    zGameDeliveryOf("store_item", ZGameStoreItemPayload, `StoreItemDelivery${suffix}`, extra),
    zGameDeliveryOf("credit_package", ZGameCreditPackagePayload, `CreditPackageDelivery${suffix}`, extra),
    zGameDeliveryOf("vote_reward", ZGameVoteRewardPayload, `VoteRewardDelivery${suffix}`, extra),
    zGameDeliveryOf("competition_prize", ZGameCompetitionPrizePayload, `CompetitionPrizeDelivery${suffix}`, extra),
    zGameDeliveryOf("vote_streak_reward", ZGameVoteStreakRewardPayload, `VoteStreakRewardDelivery${suffix}`, extra),
    zGameDeliveryOf("vote_monthly_prize", ZGameVoteMonthlyPrizePayload, `VoteMonthlyPrizeDelivery${suffix}`, extra),
  ]);
}

export const ZGameDelivery = zGameDelivery({});
export type TGameDelivery = z.infer<typeof ZGameDelivery>;

export const ZClaimInput = z.object({
  player_id: zPlayerId(),
  lease_seconds: z
    .number()
    .int("Must be a whole number of seconds.")
    .min(LEASE_MIN_SEC, `Must be from ${LEASE_MIN_SEC} to ${LEASE_MAX_SEC} seconds.`)
    .max(LEASE_MAX_SEC, `Must be from ${LEASE_MIN_SEC} to ${LEASE_MAX_SEC} seconds.`)
    .optional()
    .describe(`How long the deliveries stay reserved for this claim (default ${LEASE_DEFAULT_SEC})`),
  limit: z.number().int().min(1).max(CLAIM_LIMIT_MAX).optional().describe(`At most this many deliveries (default and maximum ${CLAIM_LIMIT_MAX})`),
});
/**
 * The body of a claim on a lease-and-ack event feed (the server events of community goals, the
 * punishments): how long the lease holds and how many events at most, both optional.
 */
export function zFeedClaimInput(defaultLeaseSec: number) {
  const leaseError = `Must be from ${LEASE_MIN_SEC} to ${LEASE_MAX_SEC} seconds.`;
  const limitError = `Must be from 1 to ${CLAIM_LIMIT_MAX}.`;
  return z.object({
    lease_seconds: z
      .number({ error: leaseError })
      .int(leaseError)
      .min(LEASE_MIN_SEC, leaseError)
      .max(LEASE_MAX_SEC, leaseError)
      .optional()
      .describe(`How long the lease holds, ${LEASE_MIN_SEC}–${LEASE_MAX_SEC} (default ${defaultLeaseSec})`),
    limit: z
      .number({ error: limitError })
      .int(limitError)
      .min(1, limitError)
      .max(CLAIM_LIMIT_MAX, limitError)
      .optional()
      .describe(`At most this many events (default ${CLAIM_LIMIT_MAX})`),
  });
}

export const ZClaimResult = z.object({
  lease_id: z.string().nullable().describe("Null when nothing was pending"),
  leased_until: z.string().nullable().describe("ISO 8601; un-acked deliveries return to the queue after it"),
  deliveries: z.array(ZGameDelivery),
});
export type TClaimResult = z.infer<typeof ZClaimResult>;

export const claimDeliveriesOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/deliveries/claim",
  scope: "deliveries",
  summary: "Lease a player's pending deliveries",
  description:
    "Two concurrent claims never receive the same delivery. Grant the items, then ack the ids you granted; anything not acked before the lease ends is handed out again by a later claim.",
  tag: TAG,
  auth: "game",
  body: ZClaimInput,
  responses: { 200: { description: "The leased deliveries", schema: ZClaimResult } },
});

export const ZAckInput = z.object({
  lease_id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64).describe("From the claim"),
  delivery_ids: z
    .array(zId({ description: "A delivery id from the claim" }))
    .min(1, "Send at least one delivery id.")
    .max(CLAIM_LIMIT_MAX),
});
export const ZAckResult = z.object({
  delivered: z.array(z.number().int()).describe("Ids now recorded as delivered (including ones acked before: acking twice is harmless)"),
  rejected: z.array(z.object({ id: z.number().int(), reason: z.string() })).describe("Ids not of this lease, or canceled"),
});
export type TAckResult = z.infer<typeof ZAckResult>;

export const ackDeliveriesOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/deliveries/ack",
  scope: "deliveries",
  summary: "Mark leased deliveries as granted",
  tag: TAG,
  auth: "game",
  body: ZAckInput,
  responses: { 200: { description: "What was recorded", schema: ZAckResult } },
});

/** What staff see of the game's latest "blocked" report on a delivery waiting to be handed over; null when none. */
export const ZDeliveryBlocked = z
  .object({
    reason: z.enum(BLOCK_REASON_CODES),
    message: z.string().nullable().describe("The game's own words"),
    at: z.string().describe("ISO 8601, when the game reported it"),
  })
  .nullable()
  .describe("The game's reason it could not hand it over yet (cleared when acked)");

export const ZBlockedInput = z.object({
  lease_id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64).describe("From the claim"),
  delivery_ids: z
    .array(zId({ description: "A delivery id from the claim" }))
    .min(1, "Send at least one delivery id.")
    .max(CLAIM_LIMIT_MAX),
  reason: z
    .enum(BLOCK_REASON_CODES, { error: `Must be one of ${BLOCK_REASON_CODES.join(", ")}.` })
    .describe("Why it cannot be handed over yet; the player and staff see it"),
  message: z.string().trim().max(200, "At most 200 characters.").optional().describe("Your own words for the player, e.g. 'Free 3 inventory slots'"),
});
export const ZBlockedResult = z.object({
  blocked: z.array(z.number().int()).describe("Ids released back to the queue with the reason recorded"),
  rejected: z.array(z.object({ id: z.number().int(), reason: z.string() })).describe("Ids not of this lease, delivered, canceled or unknown"),
});
export type TBlockedResult = z.infer<typeof ZBlockedResult>;

export const blockedDeliveriesOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/deliveries/blocked",
  scope: "deliveries",
  summary: "Report leased deliveries the game cannot hand over yet, and why",
  description:
    "Releases them from the lease (a later claim hands them out again) and records the reason and time, which the player sees in their order history and staff on the deliveries pages. A later successful ack clears it.",
  tag: TAG,
  auth: "game",
  body: ZBlockedInput,
  responses: { 200: { description: "What was recorded", schema: ZBlockedResult } },
});

export const ZPreviewQuery = z.object({ player_id: zPlayerId() });
export const ZPreviewResult = z.object({ deliveries: z.array(zGameDelivery({ status: z.enum(["pending", "leased"]) }, "Preview")) });

export const previewDeliveriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/game/deliveries",
  scope: "deliveries",
  summary: "List a player's undelivered deliveries without leasing them",
  tag: TAG,
  auth: "game",
  query: ZPreviewQuery,
  responses: { 200: { description: "Pending and leased deliveries", schema: ZPreviewResult } },
});

// ── hiscores ──

const zXp = z.number().int("Experience must be a whole number.").min(0, "Experience cannot be negative.").max(MAX_XP, `Experience is at most ${MAX_XP}.`);
/** A score of one activity; messages name the key, as errors are listed under `activities`. */
const zScore = (key: string) =>
  z
    .number({ error: `${key}: a score must be a whole number.` })
    .int(`${key}: a score must be a whole number.`)
    .min(0, `${key}: a score cannot be negative.`)
    .max(ACTIVITY_SCORE_MAX, `${key}: a score is at most ${ACTIVITY_SCORE_MAX}.`);

/** `activities`: any of the known keys (lib/hiscores-layout.ts) with a count; unknown keys are refused. */
const zActivities = z
  .strictObject(Object.fromEntries(ACTIVITIES.map((a) => [a.key, zScore(a.key).optional().describe(a.name)])), {
    error: (iss) =>
      iss.code === "unrecognized_keys"
        ? `Unknown activity: ${iss.keys.join(", ")}. The keys are listed in docs/game-integration.md.`
        : "Send activities as an object of key: score.",
  })
  .describe(
    "Activity scores by key (kill counts, clue scrolls by tier, minigame points, PvP kills and best kill streak). Each is the player's current total; 0 takes the player off that ladder. Keys left out keep their stored score.",
  );

export const PUSH_AT_MAX_AGE_DAYS = 31;
/** A game server's clock may run a little ahead of the site's. */
const PUSH_AT_SKEW_MS = 60_000;
const PUSH_AT_MESSAGE = `Give the time as ISO 8601 with an offset, not in the future and at most ${PUSH_AT_MAX_AGE_DAYS} days back.`;

export const ZHiscoresPush = z.object({
  player_id: zPlayerId(),
  game_mode: z.enum(GAME_MODES).optional().describe("Default regular"),
  xp_mode: z.enum(XP_MODES).optional().describe("Default regular"),
  experience: z
    .array(zXp)
    .length(SKILLS.length, `Send the experience of all ${SKILLS.length} skills, in the order ${SKILLS.join(", ")}.`)
    .describe(`Experience per skill, in this order: ${SKILLS.join(", ")}`),
  activities: zActivities.optional(),
  at: z.iso
    .datetime({ offset: true, error: PUSH_AT_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() <= Date.now() + PUSH_AT_SKEW_MS && d.getTime() >= Date.now() - PUSH_AT_MAX_AGE_DAYS * 86_400_000, PUSH_AT_MESSAGE)
    .optional()
    .describe(
      `When these values were reached (ISO 8601 with offset), for pushes the game kept while the site was out of reach; default now. At most ${PUSH_AT_MAX_AGE_DAYS} days back, never before the player's previous push.`,
    ),
});
export const ZHiscoresPushResult = z.object({
  player_id: z.number().int(),
  total_level: z.number().int(),
  total_experience: z.number().int(),
});

export const pushHiscoresOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/hiscores",
  scope: "hiscores",
  summary: "Store a player's skills and activity scores (on logout or periodically)",
  description:
    "Levels are derived from the experience table. The time each experience value or score was first reached is kept to break ties. A player is on one ladder (game mode + XP mode) at a time; their activity scores move with them.",
  tag: TAG,
  auth: "game",
  body: ZHiscoresPush,
  responses: { 200: { description: "Stored", schema: ZHiscoresPushResult }, 404: { description: "No such player" } },
});

// ── events the game alone knows (the adventure log) ──

const zEventName = (what: string) =>
  z
    .string({ error: `Name the ${what}.` })
    .trim()
    .min(1, `Name the ${what}.`)
    .max(100, `The ${what}'s name is at most 100 characters.`)
    .describe(`The ${what}'s name`);

export const CLUE_TIERS = ["beginner", "easy", "medium", "hard", "elite", "master"] as const;

export const ZGameEvent = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("drop"),
      name: zEventName("item"),
      rarity: z
        .number()
        .int("Must be a whole number: the drop is 1 in this many.")
        .min(1)
        .max(1_000_000_000)
        .describe("1 in this many: 5000 for a 1/5,000 drop"),
      quantity: z.number().int().min(1).max(2_147_483_647).optional().describe("Default 1"),
    }),
    z.object({ type: z.literal("pet"), name: zEventName("pet") }),
    z.object({ type: z.literal("quest"), name: zEventName("quest") }),
    z.object({ type: z.literal("clue"), tier: z.enum(CLUE_TIERS, { error: `Must be one of ${CLUE_TIERS.join(", ")}.` }) }),
    z.object({ type: z.literal("collection_log"), name: zEventName("item") }),
  ],
  { error: "Must be an event of type drop, pet, quest, clue or collection_log." },
);
export type TGameEvent = z.infer<typeof ZGameEvent>;

export const ZGameEventsPush = z.object({
  player_id: zPlayerId(),
  events: z.array(ZGameEvent).min(1, "Send at least one event.").max(50, "Send at most 50 events at a time."),
});

export const gameEventsOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/events",
  scope: "events",
  summary: "Report what only the game knows for the adventure log: rare drops, pets, quests, clues, collection log slots",
  description:
    "Drops rarer than the site's threshold are logged (lib/progress/config.ts); pets and the rarest drops also reach the server-wide feed, and the first of each pet on the server is a server first. Repeats within a short window fold into one entry.",
  tag: TAG,
  auth: "game",
  body: ZGameEventsPush,
  responses: {
    200: {
      description: "Taken",
      schema: z.object({
        player_id: z.number().int(),
        logged: z.number().int().describe("Events written to the log"),
        ignored: z.number().int().describe("Drops below the log's rarity threshold"),
      }),
    },
    404: { description: "No such player" },
  },
});

// ── players online ──

export const ZPlayersOnlineInput = z.object({
  world: z.number().int().min(1).max(999).optional().describe("World number (default 1)"),
  count: z.number().int("Must be a whole number.").min(0).max(100_000).describe("Players online in that world now"),
});
export const ZPlayersOnline = z.object({
  count: z.number().int().describe("Players online in all worlds reported in the last 5 minutes"),
  worlds: z.array(z.object({ world: z.number().int(), count: z.number().int(), updated: z.string() })),
});
export type TPlayersOnline = z.infer<typeof ZPlayersOnline>;

export const reportPlayersOnlineOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/players-online",
  scope: "players",
  summary: "Report how many players are online in a world",
  tag: TAG,
  auth: "game",
  body: ZPlayersOnlineInput,
  responses: { 200: { description: "The site's count now", schema: ZPlayersOnline } },
});

export const playersOnlineOp = defineOperation({
  method: "GET",
  path: "/api/v1/players-online",
  summary: "Players online, as the game last reported",
  tag: "Site",
  auth: "none",
  responses: { 200: { description: "The count", schema: ZPlayersOnline } },
});

// ── ::store link ──

export const ZStoreLinkInput = z.object({ player_id: zPlayerId() });
export const ZStoreLink = z.object({
  url: z.string().describe("Open in the player's browser: signs them in on the site and opens /credits; works once"),
  expires_at: z.string().describe("ISO 8601"),
});

export const storeLinkOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/store-link",
  scope: "store-link",
  summary: "A one-time, short-lived sign-in link to the credit store (::store)",
  tag: TAG,
  auth: "game",
  rateLimited: true,
  body: ZStoreLinkInput,
  responses: { 200: { description: "The link", schema: ZStoreLink } },
});

export const gameOperations = [
  gameLoginOp,
  claimDeliveriesOp,
  ackDeliveriesOp,
  blockedDeliveriesOp,
  previewDeliveriesOp,
  pushHiscoresOp,
  reportPlayersOnlineOp,
  playersOnlineOp,
  storeLinkOp,
  gameEventsOp,
];
