// PUT /api/v1/staff/players/{id}/privilege — change who is staff (owner; never the last owner)
import { setPlayerPrivilegeOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { setPlayerPrivilege } from "@/lib/server/staff/set-player-privilege";

export const PUT = route(setPlayerPrivilegeOp, {
  handler: ({ params, body, actor, ip }) => setPlayerPrivilege(params.id, body, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
