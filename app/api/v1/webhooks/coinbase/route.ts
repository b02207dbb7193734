// POST /api/v1/webhooks/coinbase — signed coinbase events (docs/payments.md)
import { coinbaseWebhookOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { handleWebhook } from "@/lib/server/payments/handle-webhook";

export const POST = route(coinbaseWebhookOp, {
  handler: async ({ req, body }) => {
    await handleWebhook("coinbase", body.bytes, req.headers);
    return { received: true as const };
  },
});
