// DELETE /api/v1/staff/game-keys/{id} — revoke a game-server key; it stays listed, marked revoked (owner)
import { revokeGameKeyOp } from "@/lib/schemas/staff-game-keys";
import { revokeGameApiKey, toStaffGameKey } from "@/lib/server/game/api-keys";
import { route } from "@/lib/server/http/route";

export const DELETE = route(revokeGameKeyOp, {
  handler: async ({ params, actor, ip }) => toStaffGameKey(await revokeGameApiKey({ actorId: actor.userId, ip }, { id: params.id })),
});
