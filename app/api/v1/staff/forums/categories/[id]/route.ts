// PATCH /api/v1/staff/forums/categories/{id} — rename, hide or show; DELETE — delete an empty category (administrator)
import { deleteForumCategoryOp, updateForumCategoryOp } from "@/lib/schemas/staff-forums";
import { deleteForumCategory } from "@/lib/server/forums/delete-forum-category";
import { updateForumCategory } from "@/lib/server/forums/update-forum-category";
import { route } from "@/lib/server/http/route";

export const PATCH = route(updateForumCategoryOp, {
  handler: ({ params, body, actor, ip }) => updateForumCategory({ actorId: actor.userId, ip }, params.id, body),
});
export const DELETE = route(deleteForumCategoryOp, { handler: ({ params, actor, ip }) => deleteForumCategory({ actorId: actor.userId, ip }, params.id) });
