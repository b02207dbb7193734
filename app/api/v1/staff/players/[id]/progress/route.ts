// GET /api/v1/staff/players/{id}/progress — progress history (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerProgressOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerProgress } from "@/lib/server/staff/list-player-progress";

export const GET = route(listPlayerProgressOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerProgress(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
