// PATCH /api/v1/staff/forums/reports/{id} — mark a report resolved or open again (moderator; audited)
import { resolveReportOp } from "@/lib/schemas/forums";
import { setReportResolved } from "@/lib/server/forums/resolve-report";
import { route } from "@/lib/server/http/route";

export const PATCH = route(resolveReportOp, { handler: ({ params, body, actor, ip }) => setReportResolved(actor, params.id, body.resolved, ip) });
