// GET /api/v1/vote/goal — the server-wide vote goals counting now, with their progress (public)
import { voteGoalOp } from "@/lib/schemas/vote-goals";
import { route } from "@/lib/server/http/route";
import { listOpenVoteGoals } from "@/lib/server/votes/goals/list-open";

export const GET = route(voteGoalOp, { handler: () => listOpenVoteGoals() });
