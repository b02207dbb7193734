import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { CLAIM_LIMIT_MAX, zFeedClaimInput } from "./game";
import { zId } from "./ids";
import { ZPlayerParams, ZPlayerStatus } from "./staff-players";
import { zStaffReason } from "./staff-reason";
import { DURATIONS, PUNISHABLE_RULES, PUNISHMENT_KINDS } from "../punishments";

// Moderation by the rules (docs/staff.md, "Punishments"): a player's punishments and the staff
// notes on them in the staff console, and the feed that tells the game (docs/game-integration.md,
// "Punishments"). Staff fields are camelCase like the rest of the console; the game's snake_case.

const iso = (d = "ISO 8601 time (UTC)") => z.string().describe(d);
const RULE_KEYS = PUNISHABLE_RULES.map((r) => r.id) as [string, ...string[]];

export const PUNISHMENT_MESSAGE_MAX = 500;
export const PLAYER_NOTE_MAX = 2000;
export const PUNISHMENT_LEASE_DEFAULT_SEC = 60;

// ── staff: inputs ──

export const ZPunishInput = z.object({
  kind: z.enum(PUNISHMENT_KINDS, { error: `Choose one of ${PUNISHMENT_KINDS.join(", ")}.` }).describe("What to give"),
  rule: z
    .enum(RULE_KEYS, { error: "Choose a rule from the list, or none for another reason." })
    .nullable()
    .optional()
    .describe(`The rule broken (a section of /rules with a penalty ladder: ${RULE_KEYS.join(", ")}); absent or null for another reason`),
  step: z
    .number({ error: "Must be a step of the rule's ladder." })
    .int("Must be a step of the rule's ladder.")
    .min(1, "Must be a step of the rule's ladder.")
    .max(20, "Must be a step of the rule's ladder.")
    .nullable()
    .optional()
    .describe("The rung of the rule's ladder this is (1-based), as proposed; only with a rule"),
  duration: z
    .enum(DURATIONS, { error: `Choose one of ${DURATIONS.join(", ")}.` })
    .optional()
    .describe("How long a mute or ban lasts (absent: permanent); a warning has none"),
  message: z
    .string({ error: REQUIRED })
    .trim()
    .min(3, "Tell the player why, in at least 3 characters.")
    .max(PUNISHMENT_MESSAGE_MAX, `The message is at most ${PUNISHMENT_MESSAGE_MAX} characters.`)
    .describe("What the player is told (at login, when refused a post, in the game)"),
  reason: zStaffReason("The internal note: staff only, kept with the punishment and in the audit log (3–500 characters)"),
  address: z
    .union([z.ipv4(), z.ipv6()], { error: "Must be an IPv4 or IPv6 address, e.g. 203.0.113.7." })
    .optional()
    .describe("ADDRESS_BAN only: the address refused at registration and login"),
});
export type TPunishInput = z.output<typeof ZPunishInput>;

export const ZPlayerNoteInput = z.object({
  body: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(PLAYER_NOTE_MAX, `A note is at most ${PLAYER_NOTE_MAX} characters.`)
    .describe("The note: staff only"),
});

// ── staff: answers ──

export const ZPunishmentRow = z.object({
  id: z.number().int(),
  kind: z.enum(PUNISHMENT_KINDS),
  rule: z.string().nullable().describe("The rule's key; null for another reason"),
  ruleTitle: z.string().nullable(),
  step: z.number().int().nullable(),
  message: z.string().describe("What the player was told"),
  note: z.string().nullable().describe("The internal note (staff only)"),
  address: z.string().nullable(),
  by: z.string().describe("Who gave it: a member of staff's name, or a tool's label"),
  createdAt: iso(),
  endsAt: iso().nullable().describe("When it ends; null: permanent (or a warning)"),
  state: z.enum(["warning", "in force", "ended", "lifted"]).describe("ended: its time was up; lifted: staff ended it (or a new one replaced it)"),
  liftedAt: iso().nullable(),
  liftedBy: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type TPunishmentRow = z.infer<typeof ZPunishmentRow>;

export const ZProposal = z.object({
  rule: z.string(),
  title: z.string(),
  step: z.number().int().describe("The rung proposed (1-based): the next offence's"),
  steps: z.number().int().describe("Rungs in the ladder"),
  previousOffences: z.number().int().describe("The player's earlier punishments under this rule (warnings not counted)"),
  penalty: z.string().describe("The rung as /rules shows it"),
  kind: z.enum(PUNISHMENT_KINDS),
  duration: z.enum(DURATIONS),
});
export type TProposal = z.infer<typeof ZProposal>;

export const ZPlayerNote = z.object({ id: z.number().int(), body: z.string(), author: z.string(), createdAt: iso() });
export type TPlayerNote = z.infer<typeof ZPlayerNote>;

// ── staff: operations ──

const TAG = "Staff";
const notFound = { description: "No such player", schema: ZErrorBody };
const outOfReach = {
  description: "The account is out of this member of staff's reach (a rank at or above theirs; for actions, also their own)",
  schema: ZErrorBody,
};
const readsPlayer = { in: "path-player", reach: "read" } as const;
const actsOnPlayer = { in: "path-player", reach: "act" } as const;

export const listPunishmentsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players/{id}/punishments",
  summary: "A player's punishment history: every warning, mute and ban with its rule, messages, who, when and how it ended (moderator)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: readsPlayer,
  query: ZPageQuery,
  responses: { 200: { description: "25 a page, newest first", schema: zPaged(ZPunishmentRow) }, 403: outOfReach, 404: notFound },
});

export const proposePunishmentsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players/{id}/punishments/proposals",
  summary: "For every rule with a penalty ladder, the rung this player's next offence of it gets (moderator)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: readsPlayer,
  responses: { 200: { description: "One proposal per rule", schema: z.object({ proposals: z.array(ZProposal) }) }, 403: outOfReach, 404: notFound },
});

export const punishPlayerOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/punishments",
  summary: "Warn, mute, ban or address-ban a player, by a rule or for another reason (moderator: players only)",
  description:
    "The staff rule of bans applies. A ban or address ban ends the player's sessions at once and replaces an open ban; a mute replaces an open mute. A temporary one ends by itself.",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZPunishInput,
  responses: {
    201: { description: "The punishment given", schema: ZPunishmentRow },
    400: { description: "Field errors (a step past the rule's ladder, an address ban without an address, …)", schema: ZErrorBody },
    403: outOfReach,
    404: notFound,
  },
});

export const unmutePlayerOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/unmute",
  summary: "Lift a player's mute (moderator: players only)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: z.object({ reason: zStaffReason("Why, for the audit log and the history (3–500 characters)") }),
  responses: {
    200: { description: "The player's state afterwards", schema: ZPlayerStatus },
    403: outOfReach,
    404: notFound,
    409: { description: "Not muted", schema: ZErrorBody },
  },
});

export const listPlayerNotesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players/{id}/notes",
  summary: "Private staff notes on a player, newest first (moderator)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: readsPlayer,
  query: ZPageQuery,
  responses: { 200: { description: "25 a page, newest first", schema: zPaged(ZPlayerNote) }, 403: outOfReach, 404: notFound },
});

export const addPlayerNoteOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/notes",
  summary: "Add a private staff note on a player; audited (moderator: players only)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZPlayerNoteInput,
  responses: { 201: { description: "The note", schema: ZPlayerNote }, 403: outOfReach, 404: notFound },
});

// ── game: the punishment feed ──

export const ZGamePunishmentEvent = z.object({
  id: z.number().int().describe("The event's id: ack it; record it once acted on (a claim may hand it out again after a lost ack)"),
  type: z.enum(["applied", "lifted", "expired"]).describe("applied: given now; lifted: staff ended it (or a new one replaced it); expired: its time was up"),
  punishment: z.object({
    id: z.number().int(),
    player_id: z.number().int(),
    player_name: z.string(),
    kind: z.enum(["warning", "mute", "ban", "address_ban"]),
    rule: z.string().nullable().describe("The rule's key (a section of /rules); null for another reason"),
    step: z.number().int().nullable(),
    message: z.string().describe("What to tell the player"),
    address: z.string().nullable().describe("address_ban: the address banned"),
    starts: iso(),
    ends: iso().nullable().describe("null: permanent"),
  }),
  created: iso("When it happened"),
});

export const ZPunishmentClaimInput = zFeedClaimInput(PUNISHMENT_LEASE_DEFAULT_SEC);
export const ZPunishmentClaim = z.object({
  lease_id: z.string().nullable().describe("Send it back with the ack; null when nothing was pending"),
  leased_until: iso("The lease ends").nullable(),
  events: z.array(ZGamePunishmentEvent).describe("Oldest first"),
});
export type TPunishmentClaim = z.infer<typeof ZPunishmentClaim>;

export const ZPunishmentAckInput = z.object({
  lease_id: z.string({ error: REQUIRED }).min(1, REQUIRED).max(64).describe("From the claim"),
  event_ids: z
    .array(zId({ description: "An event id from the claim" }))
    .min(1, "Send at least one event id.")
    .max(CLAIM_LIMIT_MAX),
});
export const ZPunishmentAck = z.object({
  delivered: z.array(z.number().int()).describe("Ids now recorded as acted on (including ones acked before: acking twice is harmless)"),
  rejected: z.array(z.object({ id: z.number().int(), reason: z.string() })).describe("Ids not of this lease, or unknown"),
});
export type TPunishmentAck = z.infer<typeof ZPunishmentAck>;

const GAME_TAG = "Game bridge";

export const claimPunishmentsOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/punishments/claim",
  scope: "punishments",
  summary: "Lease the punishment events not yet acted on (applied, lifted, expired)",
  description:
    "Two concurrent claims never receive the same event. Act on each (mute, kick, message the player), then ack the ids; anything not acked before the lease ends is handed out again by a later claim.",
  tag: GAME_TAG,
  auth: "game",
  body: ZPunishmentClaimInput,
  responses: { 200: { description: "The leased events", schema: ZPunishmentClaim }, 400: { description: "Field errors", schema: ZErrorBody } },
});

export const ackPunishmentsOp = defineOperation({
  method: "POST",
  path: "/api/v1/game/punishments/ack",
  scope: "punishments",
  summary: "Mark leased punishment events as acted on",
  tag: GAME_TAG,
  auth: "game",
  body: ZPunishmentAckInput,
  responses: { 200: { description: "What was recorded", schema: ZPunishmentAck }, 400: { description: "Field errors", schema: ZErrorBody } },
});

export const staffPunishmentOperations = [listPunishmentsOp, proposePunishmentsOp, punishPlayerOp, unmutePlayerOp, listPlayerNotesOp, addPlayerNoteOp];
export const punishmentFeedOperations = [claimPunishmentsOp, ackPunishmentsOp];
