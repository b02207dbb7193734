// POST /api/v1/change-password/email — email yourself a password reset link
import { sendOwnResetLink } from "@/lib/server/accounts/send-reset-link";
import { route } from "@/lib/server/http/route";
import { sendResetLinkOp } from "@/lib/schemas/accounts";

export const POST = route(sendResetLinkOp, {
  rateLimit: [{ name: "own-reset-link", limit: 3, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor }) => {
    await sendOwnResetLink(actor.userId);
    return { success: "We sent a link to change your password to your email address. It expires in 30 minutes." };
  },
});
