// POST /api/v1/account/end-session — the button of the page the new-device mail's link opens
import { endSessionByLink, SESSION_ENDED } from "@/lib/server/accounts/sign-in-alerts";
import { route } from "@/lib/server/http/route";
import { endSessionByLinkOp } from "@/lib/schemas/account-controls";

export const POST = route(endSessionByLinkOp, {
  csrf: "always",
  rateLimit: [{ name: "end-session-link", limit: 20, windowSec: 15 * 60 }],
  handler: async ({ body, ip }) => {
    await endSessionByLink(body.token, ip);
    return { details: SESSION_ENDED };
  },
});
