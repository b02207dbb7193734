// GET /api/v1/hiscores/records?period=&metric=&mode=&xp=&page= — the records board, 25 a page
import { HISCORES_PAGE_SIZE } from "@/lib/hiscores";
import { listRecords } from "@/lib/server/progress/gains";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { recordsOp } from "@/lib/schemas/progress";

export const GET = route(recordsOp, {
  handler: async ({ req, query }) => {
    const { results, hasNext } = await listRecords(query);
    const total = hasNext ? query.page * HISCORES_PAGE_SIZE + 1 : (query.page - 1) * HISCORES_PAGE_SIZE + results.length;
    return paged(req, { page: query.page, pageSize: HISCORES_PAGE_SIZE, total, results });
  },
});
