// POST /api/v1/change-password — change your password (current one required)
import { changePassword } from "@/lib/server/accounts/change-password";
import { route } from "@/lib/server/http/route";
import { currentSession } from "@/lib/server/sessions/end-other-sessions";
import { changePasswordOp, PASSWORD_CHANGED } from "@/lib/schemas/accounts";

export const POST = route(changePasswordOp, {
  rateLimit: [{ name: "change-password", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body, ip }) => {
    await changePassword(actor.userId, currentSession(actor), body, ip);
    return { success: PASSWORD_CHANGED };
  },
});
