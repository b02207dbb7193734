// GET /api/v1/hiscores?skill=&mode=&xp=&page= — one ladder, 25 players a page
import { HISCORES_PAGE_SIZE } from "@/lib/hiscores";
import { listHiscores } from "@/lib/server/hiscores/list-hiscores";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { hiscoresListOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresListOp, {
  handler: async ({ req, query }) => {
    const { results, hasNext, players } = await listHiscores(query);
    // `next` from the rows themselves (exact); past the end, `previous` leads to the last page.
    const total = hasNext ? query.page * HISCORES_PAGE_SIZE + 1 : results.length ? (query.page - 1) * HISCORES_PAGE_SIZE + results.length : players;
    return paged(req, { page: query.page, pageSize: HISCORES_PAGE_SIZE, total, results });
  },
});
