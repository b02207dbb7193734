// GET /api/v1/staff/players/{id}/tickets — support tickets (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerTicketsOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerTickets } from "@/lib/server/staff/list-player-tickets";

export const GET = route(listPlayerTicketsOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerTickets(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
