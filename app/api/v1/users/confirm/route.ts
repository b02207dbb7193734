// GET /api/v1/users/confirm — the emailed link: activates the account, lands on /welcome or /registration-failed
import { confirmEmail } from "@/lib/server/accounts/confirm-email";
import { getEnv } from "@/lib/server/env";
import { redirectTo, route } from "@/lib/server/http/route";
import { confirmEmailOp } from "@/lib/schemas/accounts";

export const GET = route(confirmEmailOp, {
  rateLimit: [{ name: "confirm-ip", limit: 30, windowSec: 15 * 60 }],
  handler: async ({ query }) => {
    const ok = await confirmEmail(String(query.uid), query.token);
    return redirectTo(new URL(ok ? "/welcome" : "/registration-failed", getEnv().SITE_URL));
  },
});
