// POST /api/v1/account/notifications/read-all — mark every notification read
import { markAllNotificationsReadOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { markAllNotificationsRead } from "@/lib/server/notifications/list-notifications";

export const POST = route(markAllNotificationsReadOp, { handler: ({ actor }) => markAllNotificationsRead(actor.userId) });
