// POST /api/v1/game/server-events/claim — lease the pending server-wide events (game key, scope server-events)
import { claimServerEventsOp } from "@/lib/schemas/goals";
import { claimServerEvents } from "@/lib/server/game/server-events";
import { route } from "@/lib/server/http/route";

export const POST = route(claimServerEventsOp, {
  handler: ({ body }) => claimServerEvents({ leaseSeconds: body.lease_seconds, limit: body.limit }),
});
