// GET and POST /api/v1/vote/callback/{site} — a listing site reports a vote (docs/game-integration.md)
import { voteCallbackGetOp, voteCallbackPostOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { answerVoteCallback } from "@/lib/server/votes/record-vote-callback";

// Generous: listing sites call in bursts; this only caps a flood per address.
const rateLimit = [{ name: "vote-callback", limit: 600, windowSec: 60 }];

export const GET = route(voteCallbackGetOp, {
  rateLimit,
  handler: ({ req, params, ip }) => answerVoteCallback({ siteKey: params.site, query: req.nextUrl.searchParams, body: null, ip }),
});

export const POST = route(voteCallbackPostOp, {
  rateLimit,
  handler: ({ req, params, body, ip }) => answerVoteCallback({ siteKey: params.site, query: req.nextUrl.searchParams, body, ip }),
});
