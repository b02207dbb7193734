// GET /api/v1/staff/store/categories — every category; POST — create one (administrator)
import { createCategoryOp, listCategoriesOp } from "@/lib/schemas/staff-store";
import { json, route } from "@/lib/server/http/route";
import { createStoreCategory } from "@/lib/server/store/admin/create-store-category";
import { listStoreCategories } from "@/lib/server/store/admin/list-store-categories";

export const GET = route(listCategoriesOp, { handler: async () => ({ results: await listStoreCategories() }) });
export const POST = route(createCategoryOp, {
  handler: async ({ body, actor, ip }) => json(await createStoreCategory(body, { actorId: actor.userId, ip }), 201),
});
