import "server-only";
import type { VoteSiteKey } from "@/lib/schemas/votes";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { VOTE_SITE_PRESETS } from "@/lib/votes/presets";
import { insertPresetRows } from "./sql/site-rows";

// The vote listing sites: vote_sites rows (docs/game-integration.md, "Vote callbacks"), shipped
// from the presets of lib/votes/presets.ts and edited by administrators at /staff/votes/sites.
// The three sites of lib/site-config.ts keep their VOTE_<KEY>_SECRET / VOTE_<KEY>_IPS settings,
// which win over a row's own secret and addresses when set.

/** A site row as the callback reads it: everything but its secret (left out of every read). */
export type VoteSite = {
  id: number;
  key: string;
  name: string;
  sortOrder: number;
  preset: string | null;
  urlTemplate: string;
  tokenParam: string;
  secretParam: string | null;
  voterIpParam: string | null;
  votedParam: string | null;
  votedValue: string | null;
  allowedIps: string[];
  cooldownHours: number;
  rewardPoints: number;
  active: boolean;
  answer: string;
};

export type VoteSiteIds = Record<VoteSiteKey, number> & Record<string, number>;

/** Inserts each preset's row that is not there yet (an administrator's edits are kept) and answers key → row id of every row. */
export async function syncVoteSiteRows(client: DbClient = db): Promise<VoteSiteIds> {
  const rows = await insertPresetRows(client, VOTE_SITE_PRESETS);
  return Object.fromEntries(rows.map((r) => [r.key, r.id])) as VoteSiteIds;
}

let memo: Promise<VoteSiteIds> | undefined;

/** syncVoteSiteRows once per process (production has no seed to create the rows). */
export function ensureVoteSiteRows(): Promise<VoteSiteIds> {
  memo ??= syncVoteSiteRows().catch((e: unknown) => {
    memo = undefined; // a failed first try (database down) is retried by the next caller
    throw e;
  });
  return memo;
}

/** The row of an active site, or null for an unknown or inactive key. */
export async function activeVoteSite(key: string, client: DbClient = db): Promise<VoteSite | null> {
  await ensureVoteSiteRows();
  return client.voteSite.findFirst({ where: { key, active: true } });
}

/** The secret a site's callbacks must carry and the addresses they must come from: its env settings when set, else its row's. */
export async function voteSiteSecretOf(siteId: number, client: DbClient = db): Promise<string | null> {
  const row = await client.voteSite.findUnique({ where: { id: siteId }, select: { callbackSecret: true } });
  return row?.callbackSecret ?? null;
}

/** What a listing site tells us in a callback, read with that site's own parameter names. */
export type VoteCallbackParams = { token: string | null; secret: string | null; voterIp: string | null; voted: string | null };

export type CallbackInput = { query: URLSearchParams; bodyText: string | null; contentType: string | null };

/**
 * The site's parameters from the query string and the body (JSON or form-encoded, whichever
 * was sent); a body value wins over a query value of the same name.
 */
export function readCallbackParams(
  site: Pick<VoteSite, "tokenParam" | "secretParam" | "voterIpParam" | "votedParam">,
  input: CallbackInput,
): VoteCallbackParams {
  const body = parseBody(input.bodyText, input.contentType);
  const read = (name: string | null) => {
    if (!name) return null;
    const value = body.get(name) ?? input.query.get(name);
    return value === null || value === "" ? null : value;
  };
  return { token: read(site.tokenParam), secret: read(site.secretParam), voterIp: read(site.voterIpParam), voted: read(site.votedParam) };
}

const REDACTED = "[redacted]";
const MAX_STORED_BODY = 4000;
const MAX_STORED_PARAMS = 50;
const MAX_STORED_VALUE = 256;

/**
 * The callback as we store it: the query as an object and the body text, both cut to a sane
 * size, with the site's secret parameter masked (its value is a credential, or a forgery's guess).
 */
export function callbackForStorage(site: Pick<VoteSite, "secretParam">, input: CallbackInput): { query: Record<string, string>; body: string | null } {
  const secretName = site.secretParam;
  const query: Record<string, string> = {};
  for (const [k, v] of [...input.query].slice(0, MAX_STORED_PARAMS)) query[clip(k, MAX_STORED_VALUE)] = k === secretName ? REDACTED : clip(v, MAX_STORED_VALUE);
  return { query, body: input.bodyText ? clip(maskBody(input.bodyText, secretName), MAX_STORED_BODY) : null };
}

/** The first `max` UTF-16 units, never ending halfway through a surrogate pair (jsonb refuses a lone one). */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

function maskBody(text: string, secretName: string | null): string {
  if (!secretName) return text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      return secretName in parsed ? JSON.stringify({ ...parsed, [secretName]: REDACTED }) : text;
    }
  } catch {
    // a form
  }
  const form = new URLSearchParams(text);
  if (!form.has(secretName)) return text;
  form.set(secretName, REDACTED);
  return form.toString();
}

/** A body's flat parameters. A JSON object gives its string and number fields; anything else is read as a form. */
function parseBody(text: string | null, contentType: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!text?.trim()) return out;
  const looksJson = /json/i.test(contentType ?? "") || /^\s*\{/.test(text);
  if (looksJson) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
        for (const [k, v] of Object.entries(parsed)) if (typeof v === "string" || typeof v === "number") out.set(k, String(v));
      return out;
    } catch {
      // not JSON after all: read it as a form below
    }
  }
  for (const [k, v] of new URLSearchParams(text)) if (!out.has(k)) out.set(k, v);
  return out;
}
