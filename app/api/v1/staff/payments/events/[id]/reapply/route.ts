// POST /api/v1/staff/payments/events/{id}/reapply — settle a failed provider event again (administrator)
import { reapplyWebhookEventOp } from "@/lib/schemas/staff-payments";
import { route } from "@/lib/server/http/route";
import { reapplyWebhookEvent } from "@/lib/server/payments/reapply-webhook-event";

export const POST = route(reapplyWebhookEventOp, {
  handler: ({ params, body, actor, ip }) => reapplyWebhookEvent(params.id, body.reason, { actorId: actor.userId, ip }),
});
