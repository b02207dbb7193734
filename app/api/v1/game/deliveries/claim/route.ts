// POST /api/v1/game/deliveries/claim — lease a player's pending deliveries (game key, scope deliveries)
import { claimDeliveriesOp } from "@/lib/schemas/game";
import { claimDeliveries } from "@/lib/server/game/claim-deliveries";
import { route } from "@/lib/server/http/route";

export const POST = route(claimDeliveriesOp, {
  handler: ({ body }) => claimDeliveries(body.player_id, { leaseSeconds: body.lease_seconds, limit: body.limit }),
});
