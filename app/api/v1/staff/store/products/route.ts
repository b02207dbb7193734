// GET /api/v1/staff/store/products — every product; POST — create one (administrator)
import { createProductOp, listProductsOp } from "@/lib/schemas/staff-store";
import { json, route } from "@/lib/server/http/route";
import { createStoreProduct } from "@/lib/server/store/admin/create-store-product";
import { listStoreProducts } from "@/lib/server/store/admin/list-store-products";

export const GET = route(listProductsOp, { handler: async () => ({ results: await listStoreProducts() }) });
export const POST = route(createProductOp, {
  handler: async ({ body, actor, ip }) => json(await createStoreProduct(body, { actorId: actor.userId, ip }), 201),
});
