// POST /api/v1/reset-password — set a new password with the emailed single-use token (201)
import { resetPassword } from "@/lib/server/accounts/reset-password";
import { json, route } from "@/lib/server/http/route";
import { RESET_DONE, resetPasswordOp } from "@/lib/schemas/accounts";

export const POST = route(resetPasswordOp, {
  rateLimit: [{ name: "reset-password-ip", limit: 10, windowSec: 15 * 60 }],
  handler: async ({ body, ip }) => {
    await resetPassword({ ...body, uid: String(body.uid) }, ip);
    return json({ details: RESET_DONE }, 201);
  },
});
