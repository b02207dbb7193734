// PATCH /api/v1/staff/competitions/{id} — edit a competition before its start (administrator)
import { updateCompetitionOp } from "@/lib/schemas/competitions";
import { updateCompetition } from "@/lib/server/competitions/update-competition";
import { route } from "@/lib/server/http/route";

export const PATCH = route(updateCompetitionOp, {
  handler: ({ params, body, actor, ip }) => updateCompetition(params.id, body, { actorId: actor.userId, ip }),
});
