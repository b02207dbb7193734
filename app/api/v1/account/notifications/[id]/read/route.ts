// POST /api/v1/account/notifications/{id}/read — mark one notification read
import { markNotificationReadOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { markNotificationRead } from "@/lib/server/notifications/list-notifications";

export const POST = route(markNotificationReadOp, { handler: ({ actor, params }) => markNotificationRead(actor.userId, params.id) });
