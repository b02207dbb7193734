// POST /api/v1/staff/players/{id}/end-sessions — sign a player out everywhere (moderator: players only)
import { endPlayerSessionsOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { endPlayerSessions } from "@/lib/server/staff/end-player-sessions";

export const POST = route(endPlayerSessionsOp, {
  handler: ({ params, body, actor, ip }) => endPlayerSessions(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
