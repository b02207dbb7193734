// POST /api/v1/2fa/deactivate — turn off two-factor with a current code
import { deactivateTwoFactor } from "@/lib/server/accounts/two-factor";
import { route } from "@/lib/server/http/route";
import { twoFactorDeactivateOp } from "@/lib/schemas/accounts";

export const POST = route(twoFactorDeactivateOp, {
  rateLimit: [{ name: "2fa-attempts", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body, ip }) => {
    await deactivateTwoFactor(actor.userId, body.code, ip);
    return { success: true };
  },
});
