// POST /api/v1/competitions/{id}/join — sign up (with a team in a team competition); DELETE — leave before the end
import { joinCompetitionOp, leaveCompetitionOp } from "@/lib/schemas/competitions";
import { joinCompetition, leaveCompetition } from "@/lib/server/competitions/join-competition";
import { route } from "@/lib/server/http/route";

export const POST = route(joinCompetitionOp, { handler: ({ params, body, actor }) => joinCompetition(actor.userId, params.id, body) });
export const DELETE = route(leaveCompetitionOp, { handler: ({ params, actor }) => leaveCompetition(actor.userId, params.id) });
