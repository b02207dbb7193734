// GET /api/v1/competitions/{id}?page= — a competition, its standings (25 a page), its teams and the signed-in player's place
import { STANDINGS_PAGE_SIZE } from "@/lib/competitions/rules";
import { getCompetitionOp } from "@/lib/schemas/competitions";
import { getCompetition } from "@/lib/server/competitions/get-competition";
import { route } from "@/lib/server/http/route";
import { paged } from "@/lib/server/paging";

export const GET = route(getCompetitionOp, {
  handler: async ({ req, params, query, actor }) => {
    const { total, results, ...view } = await getCompetition(params.id, query.page, actor?.userId ?? null);
    return { ...view, ...paged(req, { page: query.page, pageSize: STANDINGS_PAGE_SIZE, total, results }) };
  },
});
