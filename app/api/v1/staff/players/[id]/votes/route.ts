// GET /api/v1/staff/players/{id}/votes — counted votes (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerVotesOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerVotes } from "@/lib/server/staff/list-player-votes";

export const GET = route(listPlayerVotesOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerVotes(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
