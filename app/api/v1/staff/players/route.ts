// GET /api/v1/staff/players — find players by username prefix, email or id (moderator)
import { PLAYERS_PAGE_SIZE, searchPlayersOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { searchPlayers } from "@/lib/server/staff/search-players";

export const GET = route(searchPlayersOp, {
  handler: async ({ req, query, actor }) => {
    const { results, total } = await searchPlayers({ q: query.q, page: query.page }, { actorId: actor.userId, privilege: actor.privilege });
    return paged(req, { page: query.page, pageSize: PLAYERS_PAGE_SIZE, total, results });
  },
});
