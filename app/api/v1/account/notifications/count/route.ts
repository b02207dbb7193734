// GET /api/v1/account/notifications/count — the bell's unread count
import { notificationCountOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { unreadCount } from "@/lib/server/notifications/list-notifications";

export const GET = route(notificationCountOp, { handler: async ({ actor }) => ({ unread: await unreadCount(actor.userId) }) });
