// POST /api/v1/game/deliveries/ack — record the leased deliveries the game granted (game key, scope deliveries)
import { ackDeliveriesOp } from "@/lib/schemas/game";
import { ackDeliveries } from "@/lib/server/game/ack-deliveries";
import { route } from "@/lib/server/http/route";

export const POST = route(ackDeliveriesOp, {
  handler: ({ body }) => ackDeliveries(body.lease_id, body.delivery_ids),
});
