// GET /api/v1/staff/dashboard?range=30|90 — the staff dashboard's figures, at most a minute old (moderator)
import { staffDashboardOp } from "@/lib/schemas/staff-dashboard";
import { route } from "@/lib/server/http/route";
import { getDashboard } from "@/lib/server/staff/get-dashboard";

export const GET = route(staffDashboardOp, { handler: ({ query }) => getDashboard(query.range) });
