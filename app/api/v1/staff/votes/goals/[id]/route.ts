// PATCH /api/v1/staff/votes/goals/{id} — edit, pause or resume a vote goal (administrator)
import { updateVoteGoalOp } from "@/lib/schemas/vote-goals";
import { route } from "@/lib/server/http/route";
import { updateVoteGoal } from "@/lib/server/votes/goals/manage";

export const PATCH = route(updateVoteGoalOp, {
  handler: ({ params, body, actor, ip }) => updateVoteGoal(params.id, body, { actorId: actor.userId, ip }),
});
