// GET /api/v1/game/deliveries?player_id= — a player's undelivered deliveries, nothing leased (game key, scope deliveries)
import { previewDeliveriesOp } from "@/lib/schemas/game";
import { previewDeliveries } from "@/lib/server/game/preview-deliveries";
import { route } from "@/lib/server/http/route";

export const GET = route(previewDeliveriesOp, {
  handler: ({ query }) => previewDeliveries(query.player_id),
});
