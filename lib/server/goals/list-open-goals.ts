import "server-only";
import type { TGoalList } from "@/lib/schemas/goals";
import { db } from "../db";
import { toGoalDto } from "./goal-dto";

// GET /api/v1/store/goals: the goals whose window is open now, the one ending first first. Public;
// the guest page cache keeps the answer until a settle or a staff change announces `store:goals`.

export async function listOpenGoals(now = new Date()): Promise<TGoalList> {
  const goals = await db.communityGoal.findMany({
    where: { startsAt: { lte: now }, endsAt: { gt: now }, OR: [{ endedAt: null }, { endedAt: { gt: now } }] },
    orderBy: [{ endsAt: "asc" }, { id: "asc" }],
    take: 10,
  });
  return { results: await Promise.all(goals.map((g) => toGoalDto(db, g))) };
}
