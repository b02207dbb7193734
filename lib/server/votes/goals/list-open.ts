import "server-only";
import { VOTE_GOALS_SHOWN, type TVoteGoalList } from "@/lib/schemas/vote-goals";
import { db } from "../../db";
import { toVoteGoalDto } from "./dto";

// GET /api/v1/vote/goal: the active vote goals counting now, oldest first. Public; the guest page
// cache keeps the answer until a counted vote or a staff change announces `votes:goal` (at most a
// few seconds: a day's turn or a rolling window's votes ageing out shows within that).

export async function listOpenVoteGoals(now = new Date()): Promise<TVoteGoalList> {
  const goals = await db.voteGoal.findMany({
    where: { active: true, startsAt: { lte: now }, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    orderBy: { id: "asc" },
    take: VOTE_GOALS_SHOWN,
  });
  return { results: await Promise.all(goals.map((g) => toVoteGoalDto(db, g, now))) };
}
