// GET, POST /api/v1/staff/store/goals — list and create community goals (administrator)
import { createGoalOp, listStaffGoalsOp } from "@/lib/schemas/goals";
import { createGoal, listStaffGoals } from "@/lib/server/goals/manage-goals";
import { json, route } from "@/lib/server/http/route";

export const GET = route(listStaffGoalsOp, { handler: () => listStaffGoals() });
export const POST = route(createGoalOp, {
  handler: async ({ body, actor, ip }) => json(await createGoal(body, { actorId: actor.userId, ip }), 201),
});
