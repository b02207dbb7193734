// GET /api/v1/staff/forums/categories — every category with its forums; POST — create a category (administrator)
import { createForumCategoryOp, listForumStructureOp } from "@/lib/schemas/staff-forums";
import { createForumCategory } from "@/lib/server/forums/create-forum-category";
import { listForumStructure } from "@/lib/server/forums/list-forum-structure";
import { json, route } from "@/lib/server/http/route";

export const GET = route(listForumStructureOp, { handler: async () => ({ results: await listForumStructure() }) });
export const POST = route(createForumCategoryOp, {
  handler: async ({ body, actor, ip }) => json(await createForumCategory({ actorId: actor.userId, ip }, body), 201),
});
