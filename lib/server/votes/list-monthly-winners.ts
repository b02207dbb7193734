import "server-only";
import type { TMonthlyWinners } from "@/lib/schemas/votes";
import { monthOf, previousMonth, VOTE_TIME_ZONE } from "@/lib/votes/vote-days";
import { db } from "../db";
import { MONTHLY_PRIZES } from "./award-monthly-prizes";

// GET /api/v1/vote/monthly-winners: a month's awarded places, as recorded when they were awarded
// (the count and order then; the prize of the place as configured now).

export async function listMonthlyWinners(month: string | undefined, now = new Date()): Promise<TMonthlyWinners> {
  const which = month ?? previousMonth(monthOf(now, VOTE_TIME_ZONE));
  const rows = await db.voteMonthlyWinner.findMany({
    where: { month: which },
    orderBy: { place: "asc" },
    select: { place: true, votes: true, user: { select: { username: true } } },
  });
  return {
    month: which,
    results: rows.map((r) => ({ place: r.place, username: r.user.username, votes: r.votes, prize: MONTHLY_PRIZES[r.place - 1]?.label ?? "" })),
  };
}
