import { afterAll, beforeAll } from "vitest";
import { GET, POST } from "@/app/api/v1/vote/callback/[site]/route";
import { db } from "@/lib/server/db";
import { ensureVoteToken } from "@/lib/server/votes/vote-token";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient } from "./helpers";

// Vote sites as they call us in tests: each with its own checks and parameter names.

export const RUNELOCUS_SECRET = "runelocus-test-secret";
export const RSPS_LIST_IP = "203.0.113.7";
export const RUNELIST_SECRET = "runelist-test-secret";
export const RUNELIST_IP = "198.51.100.9";

/** Call at the top of a test file: RuneLocus checks a secret, RSPS-List an address, Runelist both. */
export function withVoteSiteSettings(): void {
  let restore: () => void;
  beforeAll(() => {
    restore = setEnv({
      TRUST_PROXY: "true",
      VOTE_RUNELOCUS_SECRET: RUNELOCUS_SECRET,
      VOTE_RUNELOCUS_IPS: undefined,
      VOTE_RSPS_LIST_SECRET: undefined,
      VOTE_RSPS_LIST_IPS: `192.0.2.1, ${RSPS_LIST_IP}`,
      VOTE_RUNELIST_SECRET: RUNELIST_SECRET,
      VOTE_RUNELIST_IPS: RUNELIST_IP,
    });
  });
  afterAll(() => restore());
}

export type CallbackOpts = {
  method?: "GET" | "POST";
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: Record<string, unknown>;
  ip?: string;
};

export function callback(site: string, opts: CallbackOpts) {
  const method = opts.method ?? (opts.form || opts.json ? "POST" : "GET");
  const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : "";
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? freshClient(20)["x-forwarded-for"]! };
  let rawBody: string | undefined;
  if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    rawBody = new URLSearchParams(opts.form).toString();
  } else if (opts.json) rawBody = JSON.stringify(opts.json);
  return call(method === "GET" ? GET : POST, { method, path: `/api/v1/vote/callback/${site}${qs}`, rawBody, headers, params: { site } });
}

// Each site's well-formed callback, with its own parameter names (lib/site-config.ts).
export const runelocus = (token: string) => callback("runelocus", { query: { callback: token, secret: RUNELOCUS_SECRET, ip: "100.64.1.2" } });
export const rspsList = (token: string) => callback("rsps_list", { form: { userid: token, userip: "100.64.1.3" }, ip: RSPS_LIST_IP });
export const runelist = (token: string) => callback("runelist", { json: { incentive: token, secret: RUNELIST_SECRET }, ip: RUNELIST_IP });

/** A player with a vote token, optionally a donator or banned. */
export async function voter(opts: { memberRank?: "NONE" | "EXTREME" | "UBER"; banned?: boolean } = {}) {
  const user = await createUser(opts.banned ? { bannedAt: new Date(), banReason: "vote abuse" } : {});
  if (opts.memberRank) await db.user.update({ where: { id: user.id }, data: { memberRank: opts.memberRank } });
  return { ...user, token: await ensureVoteToken(user.id) };
}
