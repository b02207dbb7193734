// POST /api/v1/staff/competitions — create a competition (administrator)
import { createCompetitionOp } from "@/lib/schemas/competitions";
import { createCompetition } from "@/lib/server/competitions/create-competition";
import { json, route } from "@/lib/server/http/route";

export const POST = route(createCompetitionOp, {
  handler: async ({ body, actor, ip }) => json(await createCompetition(body, { actorId: actor.userId, ip }), 201),
});
