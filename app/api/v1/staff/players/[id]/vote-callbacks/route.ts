// GET /api/v1/staff/players/{id}/vote-callbacks — vote-site callbacks naming the player (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerVoteCallbacksOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerVoteCallbacks } from "@/lib/server/staff/list-player-vote-callbacks";

export const GET = route(listPlayerVoteCallbacksOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerVoteCallbacks(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
