// GET /api/v1/staff/forums/reports?status= — reported posts, oldest open first (moderator)
import { listReportsOp, REPORTS_PAGE_SIZE } from "@/lib/schemas/forums";
import { listReports } from "@/lib/server/forums/list-reports";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";

export const GET = route(listReportsOp, {
  handler: async ({ req, query }) => {
    const { results, total } = await listReports(query.status ?? "open", query.page);
    return paged(req, { page: query.page, pageSize: REPORTS_PAGE_SIZE, total, results });
  },
});
