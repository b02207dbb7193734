// GET /api/v1/staff/players/{id} — one player: profile, ban, 2FA and live sessions (moderator)
import { getPlayerOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { getPlayer } from "@/lib/server/staff/get-player";

export const GET = route(getPlayerOp, {
  handler: ({ params, actor }) => getPlayer(params.id, { actorId: actor.userId, privilege: actor.privilege }),
});
