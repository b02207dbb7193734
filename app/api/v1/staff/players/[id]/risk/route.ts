// GET /api/v1/staff/players/{id}/risk — a player's payments, refunds, disputes and chargeback rate (administrator)
import { getPlayerRiskOp } from "@/lib/schemas/staff-payments";
import { route } from "@/lib/server/http/route";
import { getPlayerRisk } from "@/lib/server/payments/player-risk";

export const GET = route(getPlayerRiskOp, {
  handler: ({ params, actor }) => getPlayerRisk(params.id, { actorId: actor.userId, privilege: actor.privilege }),
});
