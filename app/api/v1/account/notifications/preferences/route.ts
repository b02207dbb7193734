// GET, PUT /api/v1/account/notifications/preferences — your channel per notification type
import { getNotificationPreferencesOp, putNotificationPreferencesOp } from "@/lib/schemas/notifications";
import { route } from "@/lib/server/http/route";
import { getNotificationPreferences, setNotificationPreferences } from "@/lib/server/notifications/preferences";

export const GET = route(getNotificationPreferencesOp, { handler: ({ actor }) => getNotificationPreferences(actor.userId) });
export const PUT = route(putNotificationPreferencesOp, { handler: ({ actor, body }) => setNotificationPreferences(actor.userId, body) });
