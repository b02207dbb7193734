// PATCH /api/v1/staff/store/coupons/{id} — edit or disable a coupon (administrator)
import { updateCouponOp } from "@/lib/schemas/staff-store";
import { route } from "@/lib/server/http/route";
import { updateCoupon } from "@/lib/server/store/admin/coupons";

export const PATCH = route(updateCouponOp, {
  handler: ({ params, body, actor, ip }) => updateCoupon(params.id, body, { actorId: actor.userId, ip }),
});
