// PATCH /api/v1/staff/store/creator-codes/{id} — pause, resume or change a creator code (administrator)
import { updateCreatorCodeOp } from "@/lib/schemas/creator-codes";
import { route } from "@/lib/server/http/route";
import { updateCreatorCode } from "@/lib/server/store/admin/creator-codes";

export const PATCH = route(updateCreatorCodeOp, {
  handler: ({ params, body, actor, ip }) => updateCreatorCode(params.id, body, { actorId: actor.userId, ip }),
});
