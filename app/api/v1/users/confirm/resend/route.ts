// POST /api/v1/users/confirm/resend — a new confirmation link for an account still awaiting one
import { resendConfirmation } from "@/lib/server/accounts/resend-confirmation";
import { route } from "@/lib/server/http/route";
import { usernameKey } from "@/lib/usernames";
import { CONFIRMATION_RESENT, resendConfirmationOp } from "@/lib/schemas/accounts";

export const POST = route(resendConfirmationOp, {
  rateLimit: [
    { name: "resend-confirmation-ip", limit: 10, windowSec: 15 * 60 },
    { name: "resend-confirmation-account", limit: 3, windowSec: 60 * 60, key: ({ body }) => usernameKey(body.username) },
  ],
  handler: async ({ body }) => {
    await resendConfirmation(body);
    return { details: CONFIRMATION_RESENT };
  },
});
