// POST /api/v1/staff/competitions/{id}/cancel — cancel a competition before its end (administrator)
import { cancelCompetitionOp } from "@/lib/schemas/competitions";
import { cancelCompetition } from "@/lib/server/competitions/cancel-competition";
import { route } from "@/lib/server/http/route";

export const POST = route(cancelCompetitionOp, {
  handler: ({ params, body, actor, ip }) => cancelCompetition(params.id, body.reason, { actorId: actor.userId, ip }),
});
