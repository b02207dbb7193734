import "server-only";
import { type TVoteHistoryRow, VOTE_HISTORY_SIZE } from "@/lib/schemas/votes";
import { db } from "../db";
import { CALLBACK_REASONS } from "./record-vote-callback";

// The caller's recent vote callbacks (those whose token named their account) and what came of each.

function reasonText(reason: string | null, site: { cooldownHours: number }): string {
  switch (reason) {
    case CALLBACK_REASONS.cooldown:
      return `Already voted on this site in the last ${site.cooldownHours} hours`;
    case CALLBACK_REASONS.duplicate:
      return "The vote site reported this vote twice: it counted once";
    case CALLBACK_REASONS.notVoted:
      return "The vote site says the vote was not completed";
    case CALLBACK_REASONS.banned:
      return "Votes from banned accounts do not count";
    case CALLBACK_REASONS.badSecret:
    case CALLBACK_REASONS.addressNotAllowed:
    case CALLBACK_REASONS.notConfigured:
      return "The vote site's report could not be verified";
    default:
      return "Not counted";
  }
}

export async function listVoteHistory(userId: number): Promise<{ results: TVoteHistoryRow[] }> {
  const rows = await db.voteCallback.findMany({
    where: { userId },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: VOTE_HISTORY_SIZE,
    select: {
      id: true,
      receivedAt: true,
      accepted: true,
      reason: true,
      site: { select: { key: true, name: true, cooldownHours: true } },
      vote: { select: { delivery: { select: { status: true } } } },
    },
  });
  const results: TVoteHistoryRow[] = [];
  for (const r of rows) {
    const site = r.site;
    if (!site) continue;
    const status = r.vote?.delivery?.status;
    results.push({
      id: r.id,
      site: site.key,
      site_name: site.name,
      time: r.receivedAt.toISOString(),
      counted: r.accepted,
      reason: r.accepted ? null : reasonText(r.reason, site),
      reward: status === "DELIVERED" ? "delivered" : status === "PENDING" || status === "LEASED" ? "pending" : null,
    });
  }
  return { results };
}
