// POST /api/v1/2fa/activate — turn on two-factor with a current code; answers recovery codes once
import { activateTwoFactor } from "@/lib/server/accounts/two-factor";
import { json, route } from "@/lib/server/http/route";
import { twoFactorActivateOp } from "@/lib/schemas/accounts";

export const POST = route(twoFactorActivateOp, {
  rateLimit: [{ name: "2fa-attempts", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body, ip }) =>
    json({ success: true, recovery_codes: await activateTwoFactor(actor.userId, body.code, ip) }, 200, { "cache-control": "no-store" }),
});
