// GET /api/v1/staff/audit — the audit log, newest first, filtered (administrator)
import { AUDIT_PAGE_SIZE, listAuditLogOp } from "@/lib/schemas/staff-audit";
import { listAuditLog } from "@/lib/server/audit/list-audit-log";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";

export const GET = route(listAuditLogOp, {
  handler: async ({ req, query }) => {
    const { results, total } = await listAuditLog(query);
    return paged(req, { page: query.page, pageSize: AUDIT_PAGE_SIZE, total, results });
  },
});
