// POST /api/v1/logout — end this session (cookie) or token family (bearer) on the server
import { json, route } from "@/lib/server/http/route";
import { clearedSessionCookie } from "@/lib/server/sessions/browser-sessions";
import { endCurrentSession } from "@/lib/server/sessions/end-current-session";
import { clearedHintCookie } from "@/lib/server/sessions/session-hint";
import { logoutOp } from "@/lib/schemas/accounts";

export const POST = route(logoutOp, {
  csrf: "always",
  handler: async ({ actor }) => {
    if (actor) await endCurrentSession(actor);
    const res = json({ success: true }, 200, { "set-cookie": clearedSessionCookie() });
    res.headers.append("set-cookie", clearedHintCookie());
    return res;
  },
});
