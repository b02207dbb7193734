// POST /api/v1/staff/deliveries/{id}/resend — queue a delivered item again, linked to it (administrator)
import { resendDeliveryOp } from "@/lib/schemas/staff-deliveries";
import { resendDelivery } from "@/lib/server/game/resend-delivery";
import { json, route } from "@/lib/server/http/route";

export const POST = route(resendDeliveryOp, {
  handler: async ({ params, body, actor, ip }) =>
    json(await resendDelivery(params.id, body.reason, { actorId: actor.userId, privilege: actor.privilege, ip }), 201),
});
