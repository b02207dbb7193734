// GET /api/v1/hiscores/gains?period=&metric=&mode=&xp=&page= — top gainers, 25 a page
import { HISCORES_PAGE_SIZE } from "@/lib/hiscores";
import { listTopGains } from "@/lib/server/progress/gains";
import { topGainsRefreshedAt } from "@/lib/server/progress/refresh-gains";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { topGainsOp } from "@/lib/schemas/progress";

export const GET = route(topGainsOp, {
  handler: async ({ req, query }) => {
    const [{ results, hasNext }, refreshed] = await Promise.all([listTopGains(query), topGainsRefreshedAt(query.period)]);
    const total = hasNext ? query.page * HISCORES_PAGE_SIZE + 1 : (query.page - 1) * HISCORES_PAGE_SIZE + results.length;
    return { ...paged(req, { page: query.page, pageSize: HISCORES_PAGE_SIZE, total, results }), refreshed_at: refreshed?.at.toISOString() ?? null };
  },
});
