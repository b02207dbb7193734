// PATCH /api/v1/staff/store/categories/{id} — edit, hide or show a category (administrator)
import { updateCategoryOp } from "@/lib/schemas/staff-store";
import { route } from "@/lib/server/http/route";
import { updateStoreCategory } from "@/lib/server/store/admin/update-store-category";

export const PATCH = route(updateCategoryOp, {
  handler: ({ params, body, actor, ip }) => updateStoreCategory(params.id, body, { actorId: actor.userId, ip }),
});
