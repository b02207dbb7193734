// POST /api/v1/staff/store/goals/{id}/end — end a community goal now (administrator)
import { endGoalOp } from "@/lib/schemas/goals";
import { endGoal } from "@/lib/server/goals/manage-goals";
import { route } from "@/lib/server/http/route";

export const POST = route(endGoalOp, {
  handler: ({ params, actor, ip }) => endGoal(params.id, { actorId: actor.userId, ip }),
});
