// GET /api/v1/account/creator — the signed-in player's creator codes: totals and the latest uses
import { creatorDashboardOp } from "@/lib/schemas/creator-codes";
import { route } from "@/lib/server/http/route";
import { getCreatorDashboard } from "@/lib/server/store/creator-dashboard";

export const GET = route(creatorDashboardOp, { handler: ({ actor }) => getCreatorDashboard(actor.userId) });
