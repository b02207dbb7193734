import "server-only";
import { LEADERBOARD_SIZE, type TVoteMetrics, VOTE_METRICS_REFRESH_SEC, ZVoteMetrics } from "@/lib/schemas/votes";
import { db } from "../db";
import { log } from "../log";
import { notBannedAt } from "../sql/bans";

// Vote statistics (docs/product.md §2, §9): computed by the refresh-vote-metrics job every five minutes
// and kept in cached_values, so every app process answers the same figures cheaply. The route
// computes them itself when the cache is missing or stale (a fresh install, a stopped worker).
//
// Counted votes only. The monthly leaderboard leaves out banned players (staff may vote and
// stay listed); players with equal counts are ordered by who reached the count first (the time
// of their latest vote this month), then by account id.

export const VOTE_METRICS_KEY = "vote-metrics";
/** Older than two refresh periods: the job is not running, so the reader refreshes. */
const STALE_MS = 2 * VOTE_METRICS_REFRESH_SEC * 1000;

/** The figures as of `now`; the month is the calendar month (UTC) containing `now`. */
export async function computeVoteMetrics(now = new Date()): Promise<TVoteMetrics> {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const thisMonth = { gte: new Date(Date.UTC(year, month, 1)), lt: new Date(Date.UTC(year, month + 1, 1)) };
  const [totalVotes, monthlyVotes, top] = await Promise.all([
    db.vote.count(),
    db.vote.count({ where: { createdAt: thisMonth } }),
    db.vote.groupBy({
      by: ["userId"],
      where: { createdAt: thisMonth, user: notBannedAt(now) },
      _count: { userId: true },
      _max: { createdAt: true },
      orderBy: [{ _count: { userId: "desc" } }, { _max: { createdAt: "asc" } }, { userId: "asc" }],
      take: LEADERBOARD_SIZE,
    }),
  ]);
  const users = await db.user.findMany({ where: { id: { in: top.map((r) => r.userId) } }, select: { id: true, username: true } });
  const names = new Map(users.map((u) => [u.id, u.username]));
  return {
    totalVotes,
    monthlyVotes,
    monthlyLeaderboard: top.map((r) => ({ username: names.get(r.userId) ?? "", count: r._count.userId })),
    month: month + 1,
    year,
    refreshed: now.toISOString(),
  };
}

/** Computes the figures and stores them for every app process. */
export async function refreshVoteMetrics(now = new Date()): Promise<TVoteMetrics> {
  const metrics = await computeVoteMetrics(now);
  await db.cachedValue.upsert({
    where: { key: VOTE_METRICS_KEY },
    create: { key: VOTE_METRICS_KEY, value: metrics, refreshedAt: now },
    update: { value: metrics, refreshedAt: now },
  });
  return metrics;
}

/** The cached figures; refreshed first when missing, stale, unreadable or of another month. */
export async function getVoteMetrics(now = new Date()): Promise<TVoteMetrics> {
  const row = await db.cachedValue.findUnique({ where: { key: VOTE_METRICS_KEY } });
  const cached = row ? ZVoteMetrics.safeParse(row.value) : null;
  if (
    row &&
    cached?.success &&
    now.getTime() - row.refreshedAt.getTime() < STALE_MS &&
    cached.data.month === now.getUTCMonth() + 1 &&
    cached.data.year === now.getUTCFullYear()
  )
    return cached.data;
  if (row) log.info("votes.metrics_stale", { refreshedAt: row.refreshedAt.toISOString() });
  return refreshVoteMetrics(now);
}
