// POST /api/v1/webhooks/stripe — signed stripe events (docs/payments.md)
import { stripeWebhookOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { handleWebhook } from "@/lib/server/payments/handle-webhook";

export const POST = route(stripeWebhookOp, {
  handler: async ({ req, body }) => {
    await handleWebhook("stripe", body.bytes, req.headers);
    return { received: true as const };
  },
});
