// POST /api/v1/login — website login; sets the HttpOnly session cookie (two-step when 2FA is active)
import { getProfile } from "@/lib/server/accounts/get-profile";
import { login } from "@/lib/server/accounts/login";
import { deviceCookie, deviceCookieName, openBrowserSession } from "@/lib/server/accounts/sign-in-alerts";
import { clientInfo } from "@/lib/server/http/client-info";
import { json, route } from "@/lib/server/http/route";
import { sessionCookie } from "@/lib/server/sessions/browser-sessions";
import { hintCookie } from "@/lib/server/sessions/session-hint";
import { loginOp } from "@/lib/schemas/accounts";

export const POST = route(loginOp, {
  csrf: "always",
  handler: async ({ req, body, ip }) => {
    const result = await login(body, ip);
    if (result.status === "two_factor_required") return json({ two_factor_required: true }, 200);
    // The session and its device (a sign-in from a new one mails the owner) in one transaction.
    const session = await openBrowserSession(result.userId, clientInfo(req, ip), req.cookies.get(deviceCookieName())?.value);
    const user = await getProfile(result.userId);
    const res = json({ two_factor_required: false, user }, 200, { "set-cookie": sessionCookie(session.token) });
    // Tells prerendered pages' navbar to ask who is signed in, and the page cache whether this is staff.
    res.headers.append("set-cookie", hintCookie(user.privilege !== "PLAYER"));
    res.headers.append("set-cookie", deviceCookie(session.deviceId));
    return res;
  },
});
