// POST /api/v1/token/refresh — rotate the refresh token; reuse of an old one revokes the family
import { route } from "@/lib/server/http/route";
import { rotateRefreshToken } from "@/lib/server/sessions/api-tokens";
import { refreshOp } from "@/lib/schemas/accounts";

export const POST = route(refreshOp, {
  rateLimit: [{ name: "refresh-ip", limit: 120, windowSec: 60 }],
  handler: async ({ body }) => rotateRefreshToken((body.refresh ?? body.refreshToken)!),
});
