// PATCH /api/v1/staff/forums/forums/{id} — rename, describe, move, hide, staff-only; DELETE — delete an empty forum (administrator)
import { deleteForumOp, updateForumOp } from "@/lib/schemas/staff-forums";
import { deleteForum } from "@/lib/server/forums/delete-forum";
import { updateForum } from "@/lib/server/forums/update-forum";
import { route } from "@/lib/server/http/route";

export const PATCH = route(updateForumOp, { handler: ({ params, body, actor, ip }) => updateForum({ actorId: actor.userId, ip }, params.id, body) });
export const DELETE = route(deleteForumOp, { handler: ({ params, actor, ip }) => deleteForum({ actorId: actor.userId, ip }, params.id) });
