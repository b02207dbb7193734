// POST /api/v1/request-password-reset — email a reset link; the answer never says whether the account exists
import { requestPasswordReset } from "@/lib/server/accounts/request-password-reset";
import { usernameEmailSubject } from "@/lib/server/accounts/rate-limit-subjects";
import { route } from "@/lib/server/http/route";
import { RESET_REQUESTED, requestResetOp } from "@/lib/schemas/accounts";

export const POST = route(requestResetOp, {
  rateLimit: [
    { name: "reset-request-ip", limit: 10, windowSec: 15 * 60 },
    // Keyed by username and email together: a stranger who knows only the username cannot use up the owner's requests.
    { name: "reset-request-pair", limit: 3, windowSec: 15 * 60, key: ({ body }) => usernameEmailSubject(body) },
  ],
  handler: async ({ body, ip }) => {
    await requestPasswordReset(body, ip);
    return { details: RESET_REQUESTED };
  },
});
