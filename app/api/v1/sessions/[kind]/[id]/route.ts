// DELETE /api/v1/sessions/{kind}/{id} — end one of your sessions
import { route } from "@/lib/server/http/route";
import { endSession } from "@/lib/server/sessions/end-session";
import { endSessionOp } from "@/lib/schemas/accounts";

export const DELETE = route(endSessionOp, {
  handler: async ({ actor, params }) => {
    await endSession(actor, params.kind, params.id);
    return { success: true };
  },
});
