// GET /api/v1/sessions — your sessions; DELETE /api/v1/sessions — end all but this one
import { route } from "@/lib/server/http/route";
import { listSessions } from "@/lib/server/sessions/list-sessions";
import { endOtherSessions } from "@/lib/server/sessions/end-other-sessions";
import { endAllSessionsOp, listSessionsOp } from "@/lib/schemas/accounts";

export const GET = route(listSessionsOp, { handler: async ({ actor }) => ({ results: await listSessions(actor) }) });
export const DELETE = route(endAllSessionsOp, { handler: async ({ actor }) => ({ ended: await endOtherSessions(actor) }) });
