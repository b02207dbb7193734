// GET /api/v1/staff/tickets/{id}/saved-replies/{reply} — a saved reply filled from the ticket's rows (moderator)
import { renderSavedReplyOp } from "@/lib/schemas/saved-replies";
import { route } from "@/lib/server/http/route";
import { fillSavedReply } from "@/lib/server/tickets/fill-saved-reply";

export const GET = route(renderSavedReplyOp, {
  handler: ({ params, actor }) => fillSavedReply({ actorId: actor.userId, privilege: actor.privilege, username: actor.username }, params.reply, params.id),
});
