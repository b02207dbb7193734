// GET, PUT /api/v1/user/privacy — whether the current player is shown in the supporter widgets
import { getPrivacyOp, setPrivacyOp } from "@/lib/schemas/goals";
import { getSupporterPrivacy, setSupporterPrivacy } from "@/lib/server/goals/supporter-privacy";
import { route } from "@/lib/server/http/route";

export const GET = route(getPrivacyOp, { handler: ({ actor }) => getSupporterPrivacy(actor.userId) });
export const PUT = route(setPrivacyOp, { handler: ({ actor, body }) => setSupporterPrivacy(actor.userId, body.show_as_supporter) });
