// GET /api/v1/staff/players/{id}/punishments/proposals — the next rung of each rule's ladder for this player (moderator)
import { proposePunishmentsOp } from "@/lib/schemas/punishments";
import { route } from "@/lib/server/http/route";
import { proposePunishments } from "@/lib/server/punishments/list-punishments";

export const GET = route(proposePunishmentsOp, {
  handler: ({ params, actor }) => proposePunishments(params.id, { actorId: actor.userId, privilege: actor.privilege }),
});
