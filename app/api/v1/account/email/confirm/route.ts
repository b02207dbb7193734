// POST /api/v1/account/email/confirm — the button of the page the new address's link opens
import { confirmEmailChange, EMAIL_CHANGED } from "@/lib/server/accounts/change-email";
import { route } from "@/lib/server/http/route";
import { confirmEmailChangeOp } from "@/lib/schemas/account-controls";

export const POST = route(confirmEmailChangeOp, {
  csrf: "always",
  rateLimit: [{ name: "confirm-email-change", limit: 10, windowSec: 15 * 60 }],
  handler: async ({ body, ip }) => ({ details: EMAIL_CHANGED, email: await confirmEmailChange(body.uid, body.token, ip) }),
});
