// GET /api/v1/staff/dashboard?range=30|90 — the staff dashboard's figures, at most a minute old, what the caller's rank may read (moderator)
import { staffDashboardOp } from "@/lib/schemas/staff-dashboard";
import { route } from "@/lib/server/http/route";
import { getDashboardFor } from "@/lib/server/staff/get-dashboard";

export const GET = route(staffDashboardOp, { handler: ({ query, actor }) => getDashboardFor(query.range, actor.privilege) });
