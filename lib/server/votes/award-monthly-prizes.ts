import "server-only";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import { type MonthlyVotePrize, siteConfig } from "@/lib/site-config";
import { monthBounds, monthOf, previousMonth, VOTE_TIME_ZONE } from "@/lib/votes/vote-days";
import { monthYear } from "@/lib/votes/vote-display";
import { db } from "../db";
import { log } from "../log";
import { notifyVoteTopVoter } from "../notifications/events";
import { notBannedAt } from "../sql/bans";
import { claimMonthlyPlaces, setMonthlyWinnerDelivery } from "./sql/monthly-winners";

// The month's top voters and their prizes (docs/game-integration.md, "Vote streaks and top voters"),
// by the hourly award-vote-monthly-prizes job: the first run after the month's turn (in the server's
// time zone) awards last month's places. One transaction claims every place with INSERT … ON
// CONFLICT DO NOTHING on (month, place) and (month, player) and queues a prize only for the rows it
// inserted, so two runs at once, on one instance or two, award each place once.
//
// Ranked like the monthly leaderboard (vote-metrics.ts): counted votes of the month, banned players
// left out, equal counts ordered by who reached theirs first (their last vote of the month), then id.

export const MONTHLY_PRIZES: readonly MonthlyVotePrize[] = siteConfig.voteRewards.monthlyPrizes;

/** Awards the places of the month before `now`'s; the places awarded by this run (none when done before). */
export async function awardMonthlyPrizes(now = new Date(), timeZone = VOTE_TIME_ZONE): Promise<{ month: string; awarded: number }> {
  const month = previousMonth(monthOf(now, timeZone));
  if (MONTHLY_PRIZES.length === 0 || (await db.voteMonthlyWinner.count({ where: { month } })) > 0) return { month, awarded: 0 };
  const { start, end } = monthBounds(month, timeZone);
  const [y, m] = month.split("-").map(Number) as [number, number];
  const monthName = monthYear(m, y);

  const awarded = await db.$transaction(async (tx) => {
    const top = await tx.vote.groupBy({
      by: ["userId"],
      // Banned as the job runs (the clock's now, not the month's): a ban lifted before the turn does not cost a place.
      where: { createdAt: { gte: start, lt: end }, user: notBannedAt(new Date()) },
      _count: { userId: true },
      _max: { createdAt: true },
      orderBy: [{ _count: { userId: "desc" } }, { _max: { createdAt: "asc" } }, { userId: "asc" }],
      take: MONTHLY_PRIZES.length,
    });
    const rows = top.map((r, i) => ({ place: i + 1, userId: r.userId, votes: r._count.userId, reachedAt: r._max.createdAt! }));
    const claimed = await claimMonthlyPlaces(tx, month, rows);
    for (const row of claimed) {
      const prize = MONTHLY_PRIZES[row.place - 1]!;
      const payload = deliveryPayload(
        "VOTE_MONTHLY_PRIZE",
        "points" in prize ? { month, place: row.place, points: prize.points } : { month, place: row.place, itemId: prize.itemId, quantity: prize.quantity },
      );
      const delivery = await tx.gameDelivery.create({ data: { userId: row.userId, ...payload }, select: { id: true } });
      await setMonthlyWinnerDelivery(tx, month, row.place, delivery.id);
      await notifyVoteTopVoter(tx, { userId: row.userId, month, monthName, place: row.place });
    }
    return claimed.length;
  });
  if (awarded) log.info("votes.monthly_prizes", { month, awarded });
  return { month, awarded };
}

export async function awardMonthlyPrizesTask(): Promise<void> {
  await awardMonthlyPrizes();
}
