// PUT /api/v1/staff/forums/categories/order — put every category in a new order (administrator)
import { reorderForumCategoriesOp } from "@/lib/schemas/staff-forums";
import { reorderForumCategories } from "@/lib/server/forums/reorder-forum-categories";
import { route } from "@/lib/server/http/route";

export const PUT = route(reorderForumCategoriesOp, {
  handler: async ({ body, actor, ip }) => ({ results: await reorderForumCategories({ actorId: actor.userId, ip }, body.ids) }),
});
