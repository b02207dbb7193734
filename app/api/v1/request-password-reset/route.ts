// POST /api/v1/request-password-reset — email a reset link; the answer never says whether the account exists
import { requestPasswordReset } from "@/lib/server/accounts/request-password-reset";
import { usernameKey } from "@/lib/usernames";
import { route } from "@/lib/server/http/route";
import { RESET_REQUESTED, requestResetOp } from "@/lib/schemas/accounts";

export const POST = route(requestResetOp, {
  rateLimit: [
    { name: "reset-request-ip", limit: 10, windowSec: 15 * 60 },
    { name: "reset-request-account", limit: 3, windowSec: 15 * 60, key: ({ body }) => usernameKey(body.username) },
  ],
  handler: async ({ body, ip }) => {
    await requestPasswordReset(body, ip);
    return { details: RESET_REQUESTED };
  },
});
