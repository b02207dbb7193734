// GET /api/v1/staff/store/coupons — every coupon; POST — create one (administrator)
import { createCouponOp, listCouponsOp } from "@/lib/schemas/staff-store";
import { json, route } from "@/lib/server/http/route";
import { createCoupon, listCoupons } from "@/lib/server/store/admin/coupons";

export const GET = route(listCouponsOp, { handler: async () => ({ results: await listCoupons() }) });
export const POST = route(createCouponOp, {
  handler: async ({ body, actor, ip }) => json(await createCoupon(body, { actorId: actor.userId, ip }), 201),
});
