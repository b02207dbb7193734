// GET /api/v1/forums/threads/{id} — a page of one forum's threads, with the forum
import { forumThreadsOp, THREADS_PAGE_SIZE } from "@/lib/schemas/forums";
import { listForumThreads } from "@/lib/server/forums/list-threads";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";

export const GET = route(forumThreadsOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total, forum } = await listForumThreads(actor, params.id, query.page);
    // The page component also shows the category; the API answers the contract's forum fields.
    const { category: _category, ...shown } = forum;
    return { ...paged(req, { page: query.page, pageSize: THREADS_PAGE_SIZE, total, results }), forum: shown };
  },
});
