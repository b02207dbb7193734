// PATCH /api/v1/staff/store/products/{id} — edit, hide or show a product (administrator)
import { updateProductOp } from "@/lib/schemas/staff-store";
import { route } from "@/lib/server/http/route";
import { updateStoreProduct } from "@/lib/server/store/admin/update-store-product";

export const PATCH = route(updateProductOp, {
  handler: ({ params, body, actor, ip }) => updateStoreProduct(params.id, body, { actorId: actor.userId, ip }),
});
