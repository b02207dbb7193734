// GET /api/v1/competitions?status=&page= — upcoming, ongoing or finished competitions, 25 a page
import { COMPETITIONS_PAGE_SIZE } from "@/lib/competitions/rules";
import { listCompetitionsOp } from "@/lib/schemas/competitions";
import { listCompetitions } from "@/lib/server/competitions/list-competitions";
import { route } from "@/lib/server/http/route";
import { paged } from "@/lib/server/paging";

export const GET = route(listCompetitionsOp, {
  handler: async ({ req, query }) => {
    const { results, total } = await listCompetitions(query.status, query.page);
    return paged(req, { page: query.page, pageSize: COMPETITIONS_PAGE_SIZE, total, results });
  },
});
