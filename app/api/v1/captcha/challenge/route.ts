import { createCaptchaChallenge } from "@/lib/server/captcha/create-challenge";
import { json, route } from "@/lib/server/http/route";
import { captchaChallengeOp } from "@/lib/schemas/accounts";

// GET /api/v1/captcha/challenge — a fresh ALTCHA proof-of-work challenge for the registration form
export const dynamic = "force-dynamic";

export const GET = route(captchaChallengeOp, {
  rateLimit: [{ name: "captcha-challenge", limit: 60, windowSec: 60 }],
  handler: async () => json(await createCaptchaChallenge(), 200, { "cache-control": "no-store" }),
});
