// GET /api/v1/staff/players/{id}/purchases — credit purchases with their provider events (administrator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerPurchasesOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerPurchases } from "@/lib/server/staff/list-player-purchases";

export const GET = route(listPlayerPurchasesOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerPurchases(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
