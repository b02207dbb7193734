// POST /api/v1/appeals — appeal a ban or ask for account recovery without signing in; the answer never says whether the account exists
import { APPEAL_SENT, openAppealOp } from "@/lib/schemas/appeals";
import { openAppeal } from "@/lib/server/appeals/open-appeal";
import { route } from "@/lib/server/http/route";
import { sha256 } from "@/lib/server/security/tokens";
import { usernameKey } from "@/lib/usernames";

export const POST = route(openAppealOp, {
  csrf: "always",
  rateLimit: [
    { name: "appeal-ip", limit: 10, windowSec: 60 * 60 },
    // Per address and per account, hashed so the table keeps neither; a 429 says nothing about a match.
    { name: "appeal-email", limit: 3, windowSec: 24 * 60 * 60, key: ({ body }) => sha256(body.email.trim().toLowerCase()) },
    { name: "appeal-account", limit: 3, windowSec: 24 * 60 * 60, key: ({ body }) => sha256(usernameKey(body.username)) },
  ],
  handler: async ({ body, ip }) => {
    await openAppeal(body, ip);
    return { details: APPEAL_SENT };
  },
});
