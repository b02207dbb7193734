// GET /api/v1/2fa/status — active or not; while inactive, the pending secret and its QR code
import { getTwoFactorStatus } from "@/lib/server/accounts/two-factor";
import { json, route } from "@/lib/server/http/route";
import { twoFactorStatusOp } from "@/lib/schemas/accounts";

export const GET = route(twoFactorStatusOp, {
  handler: async ({ actor }) => json(await getTwoFactorStatus(actor.userId), 200, { "cache-control": "no-store" }),
});
