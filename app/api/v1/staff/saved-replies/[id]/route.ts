// PATCH /api/v1/staff/saved-replies/{id} — edit a saved reply; DELETE — delete it (moderator; audited)
import { deleteSavedReplyOp, updateSavedReplyOp } from "@/lib/schemas/saved-replies";
import { route } from "@/lib/server/http/route";
import { deleteSavedReply, updateSavedReply } from "@/lib/server/tickets/saved-replies";

export const PATCH = route(updateSavedReplyOp, { handler: ({ params, body, actor, ip }) => updateSavedReply({ actorId: actor.userId, ip }, params.id, body) });
export const DELETE = route(deleteSavedReplyOp, { handler: ({ params, actor, ip }) => deleteSavedReply({ actorId: actor.userId, ip }, params.id) });
