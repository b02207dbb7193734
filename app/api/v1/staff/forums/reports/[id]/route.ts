// PATCH /api/v1/staff/forums/reports/{id} — resolve a report with an outcome, or open it again (moderator; audited; the reporter is told)
import { resolveReportOp } from "@/lib/schemas/forums";
import { resolveReport } from "@/lib/server/forums/resolve-report";
import { route } from "@/lib/server/http/route";

export const PATCH = route(resolveReportOp, {
  handler: ({ params, body, actor, ip }) =>
    resolveReport(actor, params.id, body.outcome !== undefined ? { outcome: body.outcome, action: body.action, note: body.note } : { resolved: body.resolved ?? true }, ip),
});
