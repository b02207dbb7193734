// POST /api/v1/staff/deliveries/{id}/cancel — cancel a delivery not handed over yet, refunding credits (administrator)
import { cancelDeliveryOp } from "@/lib/schemas/staff-deliveries";
import { cancelDelivery } from "@/lib/server/game/cancel-delivery";
import { route } from "@/lib/server/http/route";

export const POST = route(cancelDeliveryOp, {
  handler: ({ params, body, actor, ip }) => cancelDelivery(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
