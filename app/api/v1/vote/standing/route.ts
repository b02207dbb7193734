// GET /api/v1/vote/standing — the caller's rewards per site, rewards waiting in game, streak and place this month
import { voteStandingOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { getVoteStanding } from "@/lib/server/votes/get-vote-standing";

export const GET = route(voteStandingOp, {
  handler: ({ actor }) => getVoteStanding(actor.userId),
});
