// PUT /api/v1/staff/forums/forums/order — put the forums of one category in a new order (administrator)
import { reorderForumsOp } from "@/lib/schemas/staff-forums";
import { reorderForums } from "@/lib/server/forums/reorder-forums";
import { route } from "@/lib/server/http/route";

export const PUT = route(reorderForumsOp, {
  handler: async ({ body, actor, ip }) => ({ results: await reorderForums({ actorId: actor.userId, ip }, body.categoryId, body.ids) }),
});
