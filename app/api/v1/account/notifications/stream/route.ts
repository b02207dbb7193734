// GET /api/v1/account/notifications/stream — the unread count, live (Server-Sent Events)
import { notificationStreamOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { unreadStream } from "@/lib/server/notifications/unread-stream";

// An open stream per tab: never prerendered, never cached.
export const dynamic = "force-dynamic";

export const GET = route(notificationStreamOp, { handler: async ({ req, actor }) => unreadStream(actor.userId, req.signal) });
