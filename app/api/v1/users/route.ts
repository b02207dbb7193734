// POST /api/v1/users — create an account (201 active, or 200 awaiting email confirmation)
import { getProfile } from "@/lib/server/accounts/get-profile";
import { registerUser } from "@/lib/server/accounts/register-user";
import { json, route } from "@/lib/server/http/route";
import { CONFIRMATION_NOTICE, registerOp } from "@/lib/schemas/accounts";

export const POST = route(registerOp, {
  csrf: "always",
  rateLimit: [{ name: "register-ip", limit: 20, windowSec: 60 * 60 }],
  handler: async ({ body, ip }) => {
    const { userId, awaitingConfirmation } = await registerUser(body, ip);
    if (awaitingConfirmation) return json({ details: CONFIRMATION_NOTICE }, 200);
    return json(await getProfile(userId), 201);
  },
});
