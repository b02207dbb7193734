// POST /api/v1/webhooks/coinbase — signed coinbase events (docs/payments.md)
import { coinbaseWebhookOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { handleWebhook } from "@/lib/server/payments/handle-webhook";

export const POST = route(coinbaseWebhookOp, {
  // Generous: providers deliver in bursts; this only caps a flood of unsigned junk per address.
  rateLimit: [{ name: "webhook-coinbase", limit: 600, windowSec: 60 }],
  handler: async ({ req, body }) => {
    await handleWebhook("coinbase", body.bytes, req.headers);
    return { received: true as const };
  },
});
