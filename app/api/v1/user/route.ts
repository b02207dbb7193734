// GET /api/v1/user — the current user's profile
import { getProfile } from "@/lib/server/accounts/get-profile";
import { json, route } from "@/lib/server/http/route";
import { hintCookie } from "@/lib/server/sessions/session-hint";
import { userOp } from "@/lib/schemas/accounts";
import { sessionHint } from "@/lib/session-hint";

export const GET = route(userOp, {
  handler: async ({ req, actor }) => {
    const profile = { ...(await getProfile(actor.userId)), store_session: actor.scope === "store" };
    // Every page a signed-in browser loads asks this: the place to put a stale hint right (a
    // player made staff, or staff made a player, since the login), so the page cache serves the right pages from the next one.
    const staff = actor.scope === "full" && profile.privilege !== "PLAYER";
    const hint = actor.via === "session" ? sessionHint(req.headers.get("cookie") ?? "") : null;
    if (actor.via !== "session" || hint === (staff ? "staff" : "1")) return profile;
    return json(profile, 200, { "set-cookie": hintCookie(staff) });
  },
});
