import "server-only";
import type { TVoteCountdown } from "@/lib/schemas/votes";
import { db } from "../db";
import { ensureVoteSiteRows, VOTE_SITES } from "./vote-sites";

const HOUR_MS = 3_600_000;

/** Per site: when the player's next vote counts (last counted vote + cooldown), or null when it would count now. */
export async function getVoteCountdown(userId: number, now = new Date()): Promise<TVoteCountdown> {
  const ids = await ensureVoteSiteRows();
  const longest = Math.max(...VOTE_SITES.map((s) => s.cooldownHours));
  const latest = await db.vote.groupBy({
    by: ["siteId"],
    where: { userId, createdAt: { gt: new Date(now.getTime() - longest * HOUR_MS) } },
    _max: { createdAt: true },
  });
  const lastBySite = new Map(latest.map((r) => [r.siteId, r._max.createdAt]));
  const answer = {} as TVoteCountdown;
  for (const site of VOTE_SITES) {
    const last = lastBySite.get(ids[site.key]);
    const next = last ? new Date(last.getTime() + site.cooldownHours * HOUR_MS) : null;
    answer[site.key] = next && next > now ? next.toISOString() : null;
  }
  return answer;
}
