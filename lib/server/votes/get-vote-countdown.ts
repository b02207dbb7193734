import "server-only";
import { VOTE_SITE_KEYS, type TVoteCountdown } from "@/lib/schemas/votes";
import { db } from "../db";
import { listActiveVoteSites } from "./active-sites";

const HOUR_MS = 3_600_000;

/**
 * Per active site (its vote_sites row, with the row's own cooldown): when the player's next vote
 * counts (last counted vote + cooldown), or null when it would count now. The configuration's
 * three keys are always in the answer (the API's fields); one an administrator turned off is null.
 */
export async function getVoteCountdown(userId: number, now = new Date()): Promise<TVoteCountdown> {
  const sites = await listActiveVoteSites();
  const answer = Object.fromEntries(VOTE_SITE_KEYS.map((k) => [k, null])) as TVoteCountdown;
  if (sites.length === 0) return answer;
  const longest = Math.max(...sites.map((s) => s.cooldownHours));
  const latest = await db.vote.groupBy({
    by: ["siteId"],
    where: { userId, siteId: { in: sites.map((s) => s.id) }, createdAt: { gt: new Date(now.getTime() - longest * HOUR_MS) } },
    _max: { createdAt: true },
  });
  const lastBySite = new Map(latest.map((r) => [r.siteId, r._max.createdAt]));
  for (const site of sites) {
    const last = lastBySite.get(site.id);
    const next = last ? new Date(last.getTime() + site.cooldownHours * HOUR_MS) : null;
    answer[site.key] = next && next > now ? next.toISOString() : null;
  }
  return answer;
}
