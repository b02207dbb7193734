// GET /api/v1/game/server-events — the server events not yet run, without leasing them (game key, scope server-events)
import { previewServerEventsOp } from "@/lib/schemas/goals";
import { previewServerEvents } from "@/lib/server/game/server-events";
import { route } from "@/lib/server/http/route";

export const GET = route(previewServerEventsOp, { handler: () => previewServerEvents() });
