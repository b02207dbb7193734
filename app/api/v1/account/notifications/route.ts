// GET /api/v1/account/notifications?page= — your notifications, latest first, with the unread count
import { listNotificationsOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { listNotifications } from "@/lib/server/notifications/list-notifications";

export const GET = route(listNotificationsOp, { handler: ({ req, actor, query }) => listNotifications(req, actor.userId, query.page) });
