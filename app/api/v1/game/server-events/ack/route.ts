// POST /api/v1/game/server-events/ack — record the leased server events the game ran (game key, scope server-events)
import { ackServerEventsOp } from "@/lib/schemas/goals";
import { ackServerEvents } from "@/lib/server/game/server-events";
import { route } from "@/lib/server/http/route";

export const POST = route(ackServerEventsOp, { handler: ({ body }) => ackServerEvents(body.lease_id, body.event_ids) });
