// GET /api/v1/hiscores/recent — the server's recent achievements, firsts and rare finds
import { listRecentProgress } from "@/lib/server/progress/log";
import { route } from "@/lib/server/http/route";
import { recentProgressOp } from "@/lib/schemas/progress";

export const GET = route(recentProgressOp, {
  handler: () => listRecentProgress(),
});
