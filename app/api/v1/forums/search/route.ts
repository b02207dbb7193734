// GET /api/v1/forums/search?q=&page= — full-text search over thread titles and posts
import { SEARCH_PAGE_SIZE, searchForumsOp } from "@/lib/schemas/forums";
import { searchForums } from "@/lib/server/forums/search-forums";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";

export const GET = route(searchForumsOp, {
  // Per client address: searches are the costliest read and need no account.
  rateLimit: [{ name: "forum-search", limit: 60, windowSec: 60 }],
  handler: async ({ req, query }) => {
    const { results, total } = await searchForums(query.q, query.page);
    return paged(req, { page: query.page, pageSize: SEARCH_PAGE_SIZE, total, results });
  },
});
