import "server-only";
import { votePoints } from "@/lib/content/donator";
import type { MemberRankName } from "@/lib/ranks";
import { deliveryPayload } from "@/lib/schemas/delivery-payloads";
import { siteConfig } from "@/lib/site-config";
import { dayBounds, dayOf, extendStreak, type StreakState, VOTE_TIME_ZONE } from "@/lib/votes/vote-days";
import type { Tx } from "../db";
import { notifyVoteStreak } from "../notifications/events";
import { listActiveVoteSites } from "./active-sites";
import { claimStreakMilestone, readStreak, writeStreak } from "./sql/streaks";

// Vote streaks (docs/game-integration.md, "Vote streaks and top voters"). A local day (the server's
// time zone) is complete when the player has a counted vote on every active site that day. The
// streak is kept in vote_streaks, written in the transaction of the vote that completes a day,
// under the voter's row lock (record-vote-callback.ts), so callbacks of one player never race here.
// Whether a day is complete is read from the votes themselves, never counted up.

export const STREAK_MILESTONES = siteConfig.voteRewards.streakMilestones;

export type StreakUpdate = { completedDay: string | null; streak: StreakState; milestones: number[] };

/**
 * After a counted vote at `at`: when it completes its day, extends (or restarts) the streak and
 * queues the bonus of a milestone reached, once per streak and milestone (a unique key). Call inside
 * the vote's transaction, holding the voter's row lock.
 */
export async function recordStreakDay(tx: Tx, e: { userId: number; memberRank: MemberRankName; at: Date; timeZone?: string }): Promise<StreakUpdate> {
  const timeZone = e.timeZone ?? VOTE_TIME_ZONE;
  const day = dayOf(e.at, timeZone);
  const before = await readStreak(tx, e.userId);
  const none = { completedDay: null, streak: before, milestones: [] };
  if (before.lastDay !== null && before.lastDay >= day) return none;
  const sites = await listActiveVoteSites();
  if (sites.length === 0) return none;
  const { start, end } = dayBounds(day, timeZone);
  const voted = await tx.vote.findMany({
    where: { userId: e.userId, siteId: { in: sites.map((s) => s.id) }, createdAt: { gte: start, lt: end } },
    distinct: ["siteId"],
    select: { siteId: true },
  });
  if (voted.length < sites.length) return none;

  const streak = extendStreak(before, day);
  await writeStreak(tx, e.userId, streak);
  const milestones: number[] = [];
  for (const m of STREAK_MILESTONES) {
    if (m.days !== streak.current) continue;
    const points = votePoints(m.points, e.memberRank);
    const delivery = await tx.gameDelivery.create({
      data: { userId: e.userId, ...deliveryPayload("VOTE_STREAK_REWARD", { streakDays: m.days, points }) },
      select: { id: true },
    });
    // The unique (player, streak's first day, milestone) key: a second claim makes nothing, and
    // its delivery goes with the transaction it would have belonged to.
    if (!(await claimStreakMilestone(tx, { userId: e.userId, startDay: streak.startDay!, days: m.days, deliveryId: delivery.id }))) {
      await tx.gameDelivery.delete({ where: { id: delivery.id } });
      continue;
    }
    await notifyVoteStreak(tx, { userId: e.userId, startDay: streak.startDay!, days: m.days });
    milestones.push(m.days);
  }
  return { completedDay: day, streak, milestones };
}
