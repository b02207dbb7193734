// GET /api/v1/vote/countdown — when the caller may next vote on each site
import { voteCountdownOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { getVoteCountdown } from "@/lib/server/votes/get-vote-countdown";

export const GET = route(voteCountdownOp, {
  handler: ({ actor }) => getVoteCountdown(actor.userId),
});
