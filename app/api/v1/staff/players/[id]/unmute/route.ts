// POST /api/v1/staff/players/{id}/unmute — lift a player's mute (moderator: players only)
import { unmutePlayerOp } from "@/lib/schemas/punishments";
import { route } from "@/lib/server/http/route";
import { unmutePlayer } from "@/lib/server/punishments/unmute-player";

export const POST = route(unmutePlayerOp, {
  handler: ({ params, body, actor, ip }) => unmutePlayer(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
