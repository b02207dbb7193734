// GET, POST /api/v1/staff/votes/goals — list and create vote goals (administrator)
import { createVoteGoalOp, listStaffVoteGoalsOp } from "@/lib/schemas/vote-goals";
import { json, route } from "@/lib/server/http/route";
import { createVoteGoal, listStaffVoteGoals } from "@/lib/server/votes/goals/manage";

export const GET = route(listStaffVoteGoalsOp, { handler: () => listStaffVoteGoals() });
export const POST = route(createVoteGoalOp, {
  handler: async ({ body, actor, ip }) => json(await createVoteGoal(body, { actorId: actor.userId, ip }), 201),
});
