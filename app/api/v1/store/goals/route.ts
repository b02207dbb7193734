// GET /api/v1/store/goals — the community goals open now, with their progress (public)
import { listGoalsOp } from "@/lib/schemas/goals";
import { listOpenGoals } from "@/lib/server/goals/list-open-goals";
import { route } from "@/lib/server/http/route";

export const GET = route(listGoalsOp, { handler: () => listOpenGoals() });
