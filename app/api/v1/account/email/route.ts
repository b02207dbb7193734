// POST /api/v1/account/email — ask to move the account to a new address (password, and code with 2FA)
import { EMAIL_CHANGE_SENT, requestEmailChange } from "@/lib/server/accounts/change-email";
import { route } from "@/lib/server/http/route";
import { changeEmailOp } from "@/lib/schemas/account-controls";

export const POST = route(changeEmailOp, {
  rateLimit: [{ name: "change-email", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body, ip }) => {
    await requestEmailChange(actor.userId, body, ip);
    return { details: EMAIL_CHANGE_SENT };
  },
});
