// POST /api/v1/store/credits/test-checkout — local mode only: pay your own purchase with a signed test webhook
import { testCheckoutOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { completeTestCheckout } from "@/lib/server/payments/test-checkout";

export const POST = route(testCheckoutOp, {
  handler: async ({ actor, body }) => completeTestCheckout(actor.userId, body.purchase_id),
});
