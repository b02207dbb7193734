// POST /api/v1/store/credits/paypal/capture — capture your approved PayPal order
import { paypalCaptureOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { capturePaypalPurchase } from "@/lib/server/payments/paypal-capture";

export const POST = route(paypalCaptureOp, {
  rateLimit: [{ name: "paypal-capture", limit: 30, windowSec: 10 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body }) => capturePaypalPurchase(actor.userId, body.order_id),
});
