// GET /api/v1/staff/players/{id}/posts — forum posts, hidden ones included (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerPostsOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerPosts } from "@/lib/server/staff/list-player-posts";

export const GET = route(listPlayerPostsOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerPosts(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
