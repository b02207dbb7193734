import "server-only";
import { votePoints } from "@/lib/content/donator";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import type { ZVoteCallbackAnswer } from "@/lib/schemas/votes";
import type { z } from "zod";
import { db, type Tx } from "../db";
import { getEnv, voteSiteChecks } from "../env";
import { AppError } from "../errors";
import { refuseForbiddenText } from "../forbidden-text";
import { isLoopbackAddress, normalizeAddress } from "../security/client-address";
import { log } from "../log";
import { notifyVoteReward } from "../notifications/events";
import { safeEqual } from "../security/tokens";
import { followVoteGoals } from "./goals/follow-vote";
import { lockVoter } from "./sql/voters";
import { activeVoteSite, callbackForStorage, type CallbackInput, readCallbackParams, type VoteSite, voteSiteSecretOf } from "./vote-sites";
import { userIdForVoteToken } from "./vote-token";
import { recordStreakDay } from "./vote-streaks";

// A listing site's vote callback (docs/game-integration.md, Vote callbacks). The site is a
// vote_sites row (its parameter names, checks, cooldown, reward and answer shape). Every call to
// an active site is stored with its outcome and reason, counted or not. A vote counts when the
// caller passes the site's checks, the site's voted flag (when it sends one) says it was a vote,
// the token names an account that is not banned, and that account has no counted vote on the site
// within the cooldown. Counting locks the account's row, so identical callbacks arriving together
// serialise and exactly one of them counts. A call for an unknown or inactive site is not stored
// (it names nothing to attribute it to); it is logged and answered 404.

type Answer = z.infer<typeof ZVoteCallbackAnswer>;

/** Why a stored callback did not count (vote_callbacks.reason). Players see friendlier text (list-vote-history). */
export const CALLBACK_REASONS = {
  badSecret: "bad secret",
  addressNotAllowed: "address not allowed",
  notConfigured: "no checks configured",
  missingToken: "missing token",
  unknownToken: "unknown token",
  banned: "banned",
  cooldown: "cooldown",
  /** Arrived while the same account's vote on the site was being counted: the site sent it twice. */
  duplicate: "duplicate",
  /** The site's voted flag was there and was not its "voted" value (a visit, not a vote). */
  notVoted: "not voted",
} as const;

/** The callback as received; `body` is the raw request body (http/body.ts RawBody), when there is one. */
export type RecordVoteCallbackInput = { siteKey: string; query: URLSearchParams; body: { text: string; contentType: string | null } | null; ip: string };

export async function recordVoteCallback(input: RecordVoteCallbackInput): Promise<Answer> {
  return (await judgeVoteCallback(input)).answer;
}

/**
 * The callback's answer in the site's own shape: our JSON, or a plain "OK" for a site that wants
 * one (vote_sites.answer). Refusals stay errors (403, 404) whatever the shape.
 */
export async function answerVoteCallback(input: RecordVoteCallbackInput): Promise<Answer | Response> {
  const { site, answer } = await judgeVoteCallback(input);
  if (site.answer === "ok") return new Response("OK", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  return answer;
}

async function judgeVoteCallback(input: RecordVoteCallbackInput): Promise<{ site: VoteSite; answer: Answer }> {
  const arrived = new Date();
  const site = await activeVoteSite(input.siteKey);
  if (!site) {
    log.warn("votes.callback_unknown_site", { site: input.siteKey.slice(0, 32), ip: input.ip });
    throw new AppError("NOT_FOUND", { userMessage: "Unknown vote site." });
  }
  // Every parameter is stored (vote_callbacks.query is jsonb): the text rule for all of them,
  // declared or not, before anything is written.
  refuseForbiddenText(Object.fromEntries(input.query));
  const siteId = site.id;
  const raw: CallbackInput = { query: input.query, bodyText: input.body?.text ?? null, contentType: input.body?.contentType ?? null };
  const params = readCallbackParams(site, raw);
  // "direct" (no known address) is stored as null and never matches an allowlist.
  const address = normalizeAddress(input.ip);
  const userId = await userIdForVoteToken(params.token);
  const stored = { siteId, ip: address, userId, ...callbackForStorage(site, raw) };
  const store = (data: { accepted: boolean; reason: string | null; userId?: number | null }, client: Tx | typeof db = db) =>
    client.voteCallback.create({ data: { ...stored, ...data }, select: { id: true } });

  const refusal = checkCaller(site, await voteSiteSecretOf(site.id), params.secret, address);
  if (refusal) {
    await store({ accepted: false, reason: refusal.reason });
    log.warn("votes.callback_refused", { site: site.key, ip: address, reason: refusal.reason });
    throw new AppError("FORBIDDEN", { userMessage: refusal.message });
  }
  if (params.voted !== null && params.voted !== site.votedValue) {
    await store({ accepted: false, reason: CALLBACK_REASONS.notVoted });
    return { site, answer: { status: "ignored", details: "The site says this was not a vote." } };
  }
  if (userId === null) {
    await store({ accepted: false, reason: params.token ? CALLBACK_REASONS.unknownToken : CALLBACK_REASONS.missingToken });
    return { site, answer: { status: "ignored", details: "No player has this token." } };
  }

  const voterIp = normalizeAddress(params.voterIp);
  const answer = await db.$transaction(async (tx): Promise<Answer> => {
    // Serialises every callback of this account: the cooldown check below sees committed votes.
    const user = await lockVoter(tx, userId);
    if (!user) {
      await store({ accepted: false, reason: CALLBACK_REASONS.unknownToken, userId: null }, tx);
      return { status: "ignored", details: "No player has this token." };
    }
    if (user.banned) {
      await store({ accepted: false, reason: CALLBACK_REASONS.banned }, tx);
      return { status: "ignored", details: "This account is banned: its votes do not count." };
    }
    const now = new Date();
    const since = new Date(now.getTime() - site.cooldownHours * 3_600_000);
    const recent = await tx.vote.findFirst({
      where: { userId, siteId, createdAt: { gt: since } },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
    });
    if (recent) {
      // Counted after this call arrived: the same vote, sent twice at once. Before it: a vote again within the cooldown.
      await store({ accepted: false, reason: recent.createdAt >= arrived ? CALLBACK_REASONS.duplicate : CALLBACK_REASONS.cooldown }, tx);
      return { status: "duplicate", details: `Already counted within the last ${site.cooldownHours} hours.` };
    }
    const callback = await store({ accepted: true, reason: null }, tx);
    const vote = await tx.vote.create({ data: { userId, siteId, createdAt: now, ip: voterIp, callbackId: callback.id }, select: { id: true } });
    await followVoteGoals(tx, now);
    await tx.user.update({ where: { id: userId }, data: { totalVotes: { increment: 1 } } });
    // voteId is unique: one reward per counted vote. The game claims it like any delivery.
    const points = votePoints(site.rewardPoints, user.memberRank);
    await tx.gameDelivery.create({ data: { userId, ...deliveryPayload("VOTE_REWARD", { points, site: site.key }), voteId: vote.id } });
    // The bell (docs/notifications.md): once per counted vote, in the vote's transaction.
    await notifyVoteReward(tx, { userId, voteId: vote.id, what: `${points} vote ${points === 1 ? "point" : "points"} for your vote on ${site.name}` });
    // The streak (vote-streaks.ts): under the same row lock, so one player's callbacks never race on it.
    await recordStreakDay(tx, { userId, memberRank: user.memberRank, at: now });
    return { status: "accepted" };
  });
  log.info("votes.callback", { site: site.key, userId, status: answer.status });
  return { site, answer };
}

type Refusal = { reason: string; message: string };

/**
 * The site's own checks: its address allowlist and/or its shared secret (constant-time). Its
 * VOTE_<KEY>_SECRET / VOTE_<KEY>_IPS settings, when set, stand in for the row's own.
 */
function checkCaller(site: VoteSite, rowSecret: string | null, sentSecret: string | null, address: string | null): Refusal | null {
  const env = getEnv();
  const fromEnv = voteSiteChecks(env, site.key);
  const secret = fromEnv.secret ?? rowSecret;
  const ips = fromEnv.ips.length ? fromEnv.ips : site.allowedIps;
  if (ips.length && !(address && ips.some((ip) => normalizeAddress(ip) === address)))
    return { reason: CALLBACK_REASONS.addressNotAllowed, message: "This address may not send vote callbacks for this site." };
  if (secret && (sentSecret === null || !safeEqual(sentSecret, secret)))
    return { reason: CALLBACK_REASONS.badSecret, message: "The vote site's secret does not match." };
  // Neither check configured: only a local tryout from this machine (production refuses to start so).
  if (!secret && !ips.length && !(env.isLocal && isLoopbackAddress(address)))
    return { reason: CALLBACK_REASONS.notConfigured, message: "Vote callbacks for this site are not configured." };
  return null;
}
