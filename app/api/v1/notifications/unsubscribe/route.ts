// GET, POST /api/v1/notifications/unsubscribe?token= — a notification mail's one-click unsubscribe
import { unsubscribeInfoOp, unsubscribeOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { unsubscribe, unsubscribeInfo } from "@/lib/server/notifications/unsubscribe";

export const GET = route(unsubscribeInfoOp, { handler: ({ query }) => unsubscribeInfo(query.token) });
// The token authorises it; the body (List-Unsubscribe=One-Click, RFC 8058) carries nothing we need.
export const POST = route(unsubscribeOp, { handler: ({ query }) => unsubscribe(query.token) });
