// GET /api/v1/hiscores/player/{name}/log?page= — the adventure log, newest first
import { HISCORES_PAGE_SIZE } from "@/lib/hiscores";
import { listPlayerLog } from "@/lib/server/progress/log";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { playerLogOp } from "@/lib/schemas/progress";

export const GET = route(playerLogOp, {
  handler: async ({ req, params, query }) => {
    const { results, hasNext } = await listPlayerLog(params.name, query.page);
    const total = hasNext ? query.page * HISCORES_PAGE_SIZE + 1 : (query.page - 1) * HISCORES_PAGE_SIZE + results.length;
    return paged(req, { page: query.page, pageSize: HISCORES_PAGE_SIZE, total, results });
  },
});
