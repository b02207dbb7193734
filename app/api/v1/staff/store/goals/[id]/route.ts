// PATCH /api/v1/staff/store/goals/{id} — edit a community goal (administrator)
import { updateGoalOp } from "@/lib/schemas/goals";
import { updateGoal } from "@/lib/server/goals/manage-goals";
import { route } from "@/lib/server/http/route";

export const PATCH = route(updateGoalOp, {
  handler: ({ params, body, actor, ip }) => updateGoal(params.id, body, { actorId: actor.userId, ip }),
});
