// PATCH /api/v1/staff/store/sales/{id} — edit a sale; DELETE — delete it (administrator)
import { deleteSaleOp, updateSaleOp } from "@/lib/schemas/staff-store";
import { route } from "@/lib/server/http/route";
import { deleteSale, updateSale } from "@/lib/server/store/admin/sales";

export const PATCH = route(updateSaleOp, {
  handler: ({ params, body, actor, ip }) => updateSale(params.id, body, { actorId: actor.userId, ip }),
});
export const DELETE = route(deleteSaleOp, {
  handler: ({ params, actor, ip }) => deleteSale(params.id, { actorId: actor.userId, ip }),
});
