// POST /api/v1/game/deliveries/blocked — leased deliveries the game cannot hand over yet, and why (game key, scope deliveries)
import { blockedDeliveriesOp } from "@/lib/schemas/game";
import { blockDeliveries } from "@/lib/server/game/block-deliveries";
import { route } from "@/lib/server/http/route";

export const POST = route(blockedDeliveriesOp, {
  handler: ({ body }) => blockDeliveries(body.lease_id, body.delivery_ids, body.reason, body.message),
});
