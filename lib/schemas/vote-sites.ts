import { z } from "zod";
import { VOTE_SITE_ANSWERS, VOTE_SITE_PRESETS } from "@/lib/votes/presets";
import { defineOperation, ZErrorBody, zPatch } from "./api";
import { zId } from "./ids";

// Contracts of the staff vote-sites page (/staff/votes/sites, administrators; docs/game-integration.md,
// "Vote callbacks"): list, add (blank or from a preset of lib/votes/presets.ts), edit and turn a
// site on or off. A site's secret is written, never read back. snake_case like the staff store.

const TAG = "Staff votes";

export const VOTE_SITE_KEY_PATTERN = /^[a-z0-9_]{2,32}$/;
export const VOTE_PARAM_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const VOTE_COOLDOWN_MAX = 720;
/** A new site's cooldown when the form leaves it out (the column's default too). */
export const VOTE_COOLDOWN_DEFAULT = 12;
export const VOTE_REWARD_MAX = 10_000;
export const VOTE_IPS_MAX = 20;

const KEY_MESSAGE = "The key is 2 to 32 lowercase letters, digits or _ (it is the end of the callback address).";
const PARAM_MESSAGE = "A parameter name is 1 to 64 letters, digits, _, . or -.";
const LINK_MESSAGE = "The vote link is an http(s) address of at most 500 characters with {token} in it.";
const SECRET_MESSAGE = "The secret is 8 to 200 characters.";
const IP_MESSAGE = `List at most ${VOTE_IPS_MAX} IP addresses.`;

const zParam = (what: string) => z.string({ error: PARAM_MESSAGE }).regex(VOTE_PARAM_PATTERN, PARAM_MESSAGE).describe(what);
const zOptionalParam = (what: string) => zParam(what).nullable();

const fields = {
  name: z.string().trim().min(1, "Enter the site's name.").max(64, "The name is at most 64 characters.").describe("The name on the vote page"),
  url_template: z
    .string({ error: LINK_MESSAGE })
    .max(500, LINK_MESSAGE)
    .regex(/^https?:\/\/[!-~]+$/, LINK_MESSAGE)
    .refine((v) => v.includes("{token}"), LINK_MESSAGE)
    .describe("The vote link: {token} (the player's incentive token) and {username} are replaced"),
  token_param: zParam("The callback parameter carrying the incentive token back"),
  secret_param: zOptionalParam("The callback parameter carrying the shared secret, or null"),
  voter_ip_param: zOptionalParam("The callback parameter with the voter's address (stored, not trusted), or null"),
  voted_param: zOptionalParam("A flag the site sends with each callback, or null; with voted_value"),
  voted_value: z.string().min(1).max(64).nullable().describe("The voted flag's value meaning a vote (e.g. 1); any other value is not counted"),
  allowed_ips: z
    .array(z.union([z.ipv4(), z.ipv6()], { error: "Enter IP addresses, e.g. 203.0.113.7." }))
    .max(VOTE_IPS_MAX, IP_MESSAGE)
    .describe("Addresses the site calls from; empty for any (then a secret is needed)"),
  cooldown_hours: z
    .number({ error: `The cooldown is a whole number of hours from 1 to ${VOTE_COOLDOWN_MAX}.` })
    .int(`The cooldown is a whole number of hours from 1 to ${VOTE_COOLDOWN_MAX}.`)
    .min(1, `The cooldown is a whole number of hours from 1 to ${VOTE_COOLDOWN_MAX}.`)
    .max(VOTE_COOLDOWN_MAX, `The cooldown is a whole number of hours from 1 to ${VOTE_COOLDOWN_MAX}.`)
    .describe("Hours between two counted votes of one account on this site"),
  reward_points: z
    .number({ error: `The reward is a whole number of points from 0 to ${VOTE_REWARD_MAX}.` })
    .int(`The reward is a whole number of points from 0 to ${VOTE_REWARD_MAX}.`)
    .min(0, `The reward is a whole number of points from 0 to ${VOTE_REWARD_MAX}.`)
    .max(VOTE_REWARD_MAX, `The reward is a whole number of points from 0 to ${VOTE_REWARD_MAX}.`)
    .describe("Vote points per counted vote, before the donator bonus"),
  active: z.boolean({ error: "active must be true or false." }).describe("Shown on the vote page and answering callbacks"),
  answer: z.enum(VOTE_SITE_ANSWERS, { error: "The answer is json or ok." }).describe("json: our answer; ok: a plain 200 OK (refusals stay 403)"),
  sort_order: z.number().int().min(0).max(1000).describe("Display order, smallest first"),
  secret: z
    .string({ error: SECRET_MESSAGE })
    .min(8, SECRET_MESSAGE)
    .max(200, SECRET_MESSAGE)
    .nullable()
    .describe("The shared secret (write-only; null clears it). VOTE_<KEY>_SECRET, when set, is checked instead"),
};

const votedPair = (v: { voted_param?: string | null; voted_value?: string | null }) =>
  v.voted_param === undefined || v.voted_value === undefined || (v.voted_param === null) === (v.voted_value === null);
const VOTED_MESSAGE = "Give the voted flag and its value together, or neither.";

export const ZVoteSiteInput = z
  .object({
    key: z.string({ error: KEY_MESSAGE }).regex(VOTE_SITE_KEY_PATTERN, KEY_MESSAGE).describe("The key in the callback address /api/v1/vote/callback/{key}"),
    preset: z
      .enum(VOTE_SITE_PRESETS.map((p) => p.key) as [string, ...string[]], { error: "No such preset." })
      .optional()
      .describe("A preset (lib/votes/presets.ts) whose name, link, parameter names and answer fill the fields not sent"),
    name: fields.name.optional(),
    url_template: fields.url_template.optional(),
    token_param: fields.token_param.optional(),
    secret_param: fields.secret_param.optional(),
    voter_ip_param: fields.voter_ip_param.optional(),
    voted_param: fields.voted_param.optional(),
    voted_value: fields.voted_value.optional(),
    allowed_ips: fields.allowed_ips.default([]),
    cooldown_hours: fields.cooldown_hours.default(VOTE_COOLDOWN_DEFAULT),
    reward_points: fields.reward_points.default(2),
    active: fields.active.default(false),
    answer: fields.answer.optional(),
    sort_order: fields.sort_order.default(100),
    secret: fields.secret.optional(),
  })
  .refine(votedPair, { message: VOTED_MESSAGE, path: ["voted_value"] });
export type TVoteSiteInput = z.infer<typeof ZVoteSiteInput>;

const patchable = z.object({
  name: fields.name,
  url_template: fields.url_template,
  token_param: fields.token_param,
  secret_param: fields.secret_param,
  voter_ip_param: fields.voter_ip_param,
  voted_param: fields.voted_param,
  voted_value: fields.voted_value,
  allowed_ips: fields.allowed_ips,
  cooldown_hours: fields.cooldown_hours,
  reward_points: fields.reward_points,
  active: fields.active,
  answer: fields.answer,
  sort_order: fields.sort_order,
  secret: fields.secret,
});
export const ZVoteSitePatch = zPatch(patchable);
export type TVoteSitePatch = z.infer<typeof ZVoteSitePatch>;

export const ZStaffVoteSite = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  preset: z.string().nullable().describe("The preset it was made from, or null"),
  url_template: z.string(),
  token_param: z.string(),
  secret_param: z.string().nullable(),
  voter_ip_param: z.string().nullable(),
  voted_param: z.string().nullable(),
  voted_value: z.string().nullable(),
  allowed_ips: z.array(z.string()),
  cooldown_hours: z.number().int(),
  reward_points: z.number().int(),
  active: z.boolean(),
  answer: z.enum(VOTE_SITE_ANSWERS),
  sort_order: z.number().int(),
  has_secret: z.boolean().describe("Whether the row holds a secret (never shown)"),
  checks: z
    .object({
      secret: z.enum(["env", "row"]).nullable().describe("Where the checked secret comes from: VOTE_<KEY>_SECRET, the row, or none"),
      addresses: z.enum(["env", "row"]).nullable().describe("Where the allowed addresses come from: VOTE_<KEY>_IPS, the row, or none"),
    })
    .describe("The checks its callbacks pass; neither means callbacks are refused (but from this machine in local mode)"),
  callback_path: z.string().describe("The address to register with the site"),
});
export type TStaffVoteSite = z.infer<typeof ZStaffVoteSite>;

const ZIdParams = z.object({ id: zId({ description: "Vote site id (GET /api/v1/staff/votes/sites)" }) });
const fieldErrors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const listStaffVoteSitesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/votes/sites",
  summary: "Every vote listing site, on or off, with its settings (never its secret)",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "In display order", schema: z.object({ results: z.array(ZStaffVoteSite) }) } },
});

export const createVoteSiteOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/votes/sites",
  summary: "Add a vote listing site, blank or from a preset",
  description: "Audited (the secret as whether one is set). Its callbacks are answered at /api/v1/vote/callback/{key} once it is active.",
  tag: TAG,
  auth: "administrator",
  body: ZVoteSiteInput,
  responses: {
    201: { description: "Added", schema: ZStaffVoteSite },
    ...fieldErrors,
    409: { description: "A site with this key exists", schema: ZErrorBody },
  },
});

export const updateVoteSiteOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/votes/sites/{id}",
  summary: "Edit a vote listing site, or turn it on or off",
  description: "Audited with before and after. active=false takes it off the vote page and answers its callbacks 404; its votes stay.",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZVoteSitePatch,
  responses: {
    200: { description: "Updated", schema: ZStaffVoteSite },
    ...fieldErrors,
    404: { description: "No such site", schema: ZErrorBody },
  },
});

export const voteSiteOperations = [listStaffVoteSitesOp, createVoteSiteOp, updateVoteSiteOp];
