// GET /api/v1/staff/players/{id}/deliveries — game deliveries and their state (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerDeliveriesOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerDeliveries } from "@/lib/server/staff/list-player-deliveries";

export const GET = route(listPlayerDeliveriesOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerDeliveries(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
