// GET /api/v1/staff/players/{id}/orders — store orders (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerOrdersOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerOrders } from "@/lib/server/staff/list-player-orders";

export const GET = route(listPlayerOrdersOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerOrders(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
