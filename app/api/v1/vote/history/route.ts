// GET /api/v1/vote/history — the caller's recent votes and whether each counted
import { voteHistoryOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { listVoteHistory } from "@/lib/server/votes/list-vote-history";

export const GET = route(voteHistoryOp, {
  handler: ({ actor }) => listVoteHistory(actor.userId),
});
