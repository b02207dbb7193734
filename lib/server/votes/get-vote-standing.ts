import "server-only";
import { votePoints, votePointsMultiplier } from "@/lib/content/donator";
import type { TVoteStanding } from "@/lib/schemas/votes";
import { currentStreak, dayOf, monthBounds, monthOf, nextMilestone, VOTE_TIME_ZONE } from "@/lib/votes/vote-days";
import { db } from "../db";
import { AppError } from "../errors";
import { readDelivery } from "../game/delivery-dto";
import { listActiveVoteSites } from "./active-sites";
import { monthlyPlace } from "./sql/monthly-standing";
import { readStreak } from "./sql/streaks";
import { STREAK_MILESTONES } from "./vote-streaks";

// What the vote page tells a player about themselves (GET /api/v1/vote/standing): each site's
// reward for them, the vote rewards still waiting in game, their streak and their place this month.

const WAITING_SHOWN = 10;
const WAITING_KINDS = ["VOTE_REWARD", "VOTE_STREAK_REWARD", "VOTE_MONTHLY_PRIZE"] as const;
const GAME_KIND = { VOTE_REWARD: "vote_reward", VOTE_STREAK_REWARD: "vote_streak_reward", VOTE_MONTHLY_PRIZE: "vote_monthly_prize" } as const;

const pointsText = (n: number) => `${n} vote ${n === 1 ? "point" : "points"}`;

export async function getVoteStanding(userId: number, now = new Date()): Promise<TVoteStanding> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { memberRank: true } });
  if (!user) throw new AppError("NOT_FOUND");
  const sites = await listActiveVoteSites();
  const names = new Map(sites.map((s) => [s.key, s.name]));
  const today = dayOf(now, VOTE_TIME_ZONE);
  const month = monthOf(now, VOTE_TIME_ZONE);
  const where = { userId, kind: { in: [...WAITING_KINDS] }, status: { in: ["PENDING" as const, "LEASED" as const] } };
  const [streak, waitingRows, waitingTotal, place] = await Promise.all([
    readStreak(db, userId),
    db.gameDelivery.findMany({
      where,
      orderBy: { id: "asc" },
      take: WAITING_SHOWN,
      select: {
        id: true,
        kind: true,
        payload: true,
        createdAt: true,
        storeOrder: { select: { product: { select: { name: true } } } },
        vote: { select: { site: { select: { key: true } } } },
      },
    }),
    db.gameDelivery.count({ where }),
    monthlyPlace(db, userId, monthBounds(month, VOTE_TIME_ZONE)),
  ]);
  const current = currentStreak(streak, today);
  const next = nextMilestone(current, STREAK_MILESTONES);
  const waiting: TVoteStanding["waiting"] = [];
  for (const row of waitingRows) {
    const d = readDelivery(row);
    if (!d) continue;
    const kind = GAME_KIND[row.kind as keyof typeof GAME_KIND];
    let text: string;
    if (d.kind === "VOTE_REWARD") text = `${pointsText(d.payload.points)}${d.payload.site ? ` (${names.get(d.payload.site) ?? d.payload.site})` : ""}`;
    else if (d.kind === "VOTE_STREAK_REWARD") text = `${pointsText(d.payload.points)} for a ${d.payload.streakDays}-day streak`;
    else if (d.kind === "VOTE_MONTHLY_PRIZE")
      text = `${"points" in d.payload ? pointsText(d.payload.points) : `${d.payload.quantity.toLocaleString("en-US")} x item ${d.payload.itemId}`} for place ${d.payload.place} in ${d.payload.month}`;
    else continue;
    waiting.push({ id: row.id, kind, text, created: row.createdAt.toISOString() });
  }
  return {
    sites: sites.map((s) => ({ key: s.key, points: votePoints(s.rewardPoints, user.memberRank) })),
    multiplier: votePointsMultiplier(user.memberRank),
    waiting,
    waiting_total: waitingTotal,
    streak: {
      current,
      longest: streak.longest,
      today_complete: streak.lastDay === today,
      next_milestone: next ? { days: next.days, points: votePoints(next.points, user.memberRank) } : null,
      time_zone: VOTE_TIME_ZONE,
    },
    month: { month, ...place },
  };
}
