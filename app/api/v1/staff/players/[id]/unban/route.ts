// POST /api/v1/staff/players/{id}/unban — lift a ban (moderator: players only)
import { unbanPlayerOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { unbanPlayer } from "@/lib/server/staff/unban-player";

export const POST = route(unbanPlayerOp, {
  handler: ({ params, body, actor, ip }) => unbanPlayer(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
