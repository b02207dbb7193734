// POST /api/v1/webhooks/paypal — signed paypal events (docs/payments.md)
import { paypalWebhookOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { handleWebhook } from "@/lib/server/payments/handle-webhook";

export const POST = route(paypalWebhookOp, {
  // Generous: providers deliver in bursts; this only caps a flood of unsigned junk per address.
  rateLimit: [{ name: "webhook-paypal", limit: 600, windowSec: 60 }],
  handler: async ({ req, body }) => {
    await handleWebhook("paypal", body.bytes, req.headers);
    return { received: true as const };
  },
});
