// POST /api/v1/store/purchase — buy a product with credits (Idempotency-Key: buys once)
import { route } from "@/lib/server/http/route";
import { idempotencyKeyFrom, purchaseProduct } from "@/lib/server/store/purchase-product";
import { purchaseProductOp } from "@/lib/schemas/store";

// Always for the signed-in caller: the body names a product (and a gift's recipient), never a buyer.
export const POST = route(purchaseProductOp, {
  handler: ({ req, actor, body }) => purchaseProduct(actor.userId, body.id, idempotencyKeyFrom(req.headers), body.coupon ?? null, body.gift_to ?? null),
});
