// POST /api/v1/staff/store/creator-codes/{id}/pay — mark the code's payable shares paid, with a reference (administrator)
import { payCreatorCodeOp } from "@/lib/schemas/creator-codes";
import { route } from "@/lib/server/http/route";
import { payCreatorCode } from "@/lib/server/store/admin/creator-codes";

export const POST = route(payCreatorCodeOp, {
  handler: ({ params, body, actor, ip }) => payCreatorCode(params.id, body, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
