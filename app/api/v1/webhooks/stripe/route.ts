// POST /api/v1/webhooks/stripe — signed stripe events (docs/payments.md)
import { stripeWebhookOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { handleWebhook } from "@/lib/server/payments/handle-webhook";

export const POST = route(stripeWebhookOp, {
  // Generous: providers deliver in bursts; this only caps a flood of unsigned junk per address.
  rateLimit: [{ name: "webhook-stripe", limit: 600, windowSec: 60 }],
  handler: async ({ req, body }) => {
    await handleWebhook("stripe", body.bytes, req.headers);
    return { received: true as const };
  },
});
