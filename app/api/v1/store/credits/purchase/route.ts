// POST /api/v1/store/credits/purchase — start a credit package checkout (201 with the provider's handle)
import { creditPurchaseOp } from "@/lib/schemas/payments";
import { json, route } from "@/lib/server/http/route";
import { createCreditPurchase } from "@/lib/server/payments/create-purchase";

export const POST = route(creditPurchaseOp, {
  rateLimit: [{ name: "credit-purchase", limit: 20, windowSec: 10 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body }) =>
    json(
      await createCreditPurchase(actor.userId, body.id!, body.method!, {
        deliverInGame: body.deliver_in_game ?? false,
        couponCode: body.coupon ?? null,
        creatorCode: body.creator_code ?? null,
      }),
      201,
    ),
});
