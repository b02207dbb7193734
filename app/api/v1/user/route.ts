// GET /api/v1/user — the current user's profile
import { getProfile } from "@/lib/server/accounts/get-profile";
import { route } from "@/lib/server/http/route";
import { userOp } from "@/lib/schemas/accounts";

export const GET = route(userOp, {
  handler: async ({ actor }) => ({ ...(await getProfile(actor.userId)), store_session: actor.scope === "store" }),
});
