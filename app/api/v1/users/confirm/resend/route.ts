// POST /api/v1/users/confirm/resend — a new confirmation link for an account still awaiting one
import { resendConfirmation } from "@/lib/server/accounts/resend-confirmation";
import { route } from "@/lib/server/http/route";
import { usernameEmailSubject } from "@/lib/server/accounts/rate-limit-subjects";
import { CONFIRMATION_RESENT, resendConfirmationOp } from "@/lib/schemas/accounts";

export const POST = route(resendConfirmationOp, {
  rateLimit: [
    { name: "resend-confirmation-ip", limit: 10, windowSec: 15 * 60 },
    // Keyed by username and email together: a stranger who knows only the username cannot use up the owner's requests.
    { name: "resend-confirmation-pair", limit: 3, windowSec: 60 * 60, key: ({ body }) => usernameEmailSubject(body) },
  ],
  handler: async ({ body }) => {
    await resendConfirmation(body);
    return { details: CONFIRMATION_RESENT };
  },
});
