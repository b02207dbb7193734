// GET /api/v1/forums/posts/{id}/likes?page= — who liked a post (docs/forums.md, "Likes")
import { LIKERS_PAGE_SIZE, postLikersOp } from "@/lib/schemas/forum-likes";
import { listPostLikers } from "@/lib/server/forums/list-post-likes";
import { route } from "@/lib/server/http/route";
import { paged } from "@/lib/server/paging";

export const GET = route(postLikersOp, {
  handler: async ({ req, params, query, actor }) => {
    const { total, results } = await listPostLikers(actor, params.id, query.page);
    return { ...paged(req, { page: query.page, pageSize: LIKERS_PAGE_SIZE, total, results }), count: total };
  },
});
