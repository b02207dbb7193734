// POST /api/v1/staff/players/{id}/reset-2fa — turn off a player's 2FA and email them (administrator)
import { resetPlayerTwoFactorOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { resetPlayerTwoFactor } from "@/lib/server/staff/reset-player-two-factor";

export const POST = route(resetPlayerTwoFactorOp, {
  handler: ({ params, body, actor, ip }) => resetPlayerTwoFactor(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
