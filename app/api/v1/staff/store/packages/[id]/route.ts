// PATCH /api/v1/staff/store/packages/{id} — edit, hide or show a credit package (administrator)
import { updatePackageOp } from "@/lib/schemas/staff-store";
import { route } from "@/lib/server/http/route";
import { updateCreditPackage } from "@/lib/server/store/admin/update-credit-package";

export const PATCH = route(updatePackageOp, {
  handler: ({ params, body, actor, ip }) => updateCreditPackage(params.id, body, { actorId: actor.userId, ip }),
});
