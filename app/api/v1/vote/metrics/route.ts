// GET /api/v1/vote/metrics — vote statistics, refreshed every five minutes
import { voteMetricsOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { getVoteMetrics } from "@/lib/server/votes/vote-metrics";

export const GET = route(voteMetricsOp, {
  handler: () => getVoteMetrics(),
});
