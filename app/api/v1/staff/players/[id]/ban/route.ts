// POST /api/v1/staff/players/{id}/ban — ban for good or until a time; sessions end at once (moderator: players only)
import { banPlayerOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { banPlayer } from "@/lib/server/staff/ban-player";

export const POST = route(banPlayerOp, {
  handler: ({ params, body, actor, ip }) => banPlayer(params.id, body, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
