// GET /api/v1/staff/store/sales — every scheduled sale; POST — schedule one (administrator)
import { createSaleOp, listSalesOp } from "@/lib/schemas/staff-store";
import { json, route } from "@/lib/server/http/route";
import { createSale, listSales } from "@/lib/server/store/admin/sales";

export const GET = route(listSalesOp, { handler: async () => ({ results: await listSales() }) });
export const POST = route(createSaleOp, {
  handler: async ({ body, actor, ip }) => json(await createSale(body, { actorId: actor.userId, ip }), 201),
});
