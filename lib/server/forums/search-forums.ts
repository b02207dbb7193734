import "server-only";
import { POSTS_PAGE_SIZE, SEARCH_PAGE_SIZE, type TSearchHit } from "@/lib/schemas/forums";
import { htmlToText } from "./sanitize";
import { countSearchHits, searchHits } from "./sql/thread-search";

// GET /api/v1/forums/search and the search page: PostgreSQL full-text search over post bodies
// and thread titles (the generated `search` columns, GIN-indexed; English stemming). A post is
// a hit when its body matches; a thread whose title matches is a hit on its first visible post.
// Title matches weigh more (weight A against the body's D), then newer first. Hidden posts,
// hidden threads and threads of forums (or categories) hidden by staff are never found. A query that websearch_to_tsquery reduces to nothing (only
// stop words or punctuation) finds nothing rather than everything or an error.

export async function searchForums(q: string, page: number): Promise<{ results: TSearchHit[]; total: number }> {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  // One statement: ranked, cut to the page, and only then the headline and page of each row shown.
  const rows = await searchHits(q, SEARCH_PAGE_SIZE, offset);

  // A page past the end has no rows to carry the total: count once more for the page links.
  const total = rows[0]?.total ?? (page > 1 ? await countSearchHits(q) : 0);
  return {
    total,
    results: rows.map((r) => ({
      thread: { id: r.threadId, title: r.title },
      forum: { id: r.forumId, name: r.forumName },
      post_id: r.id,
      page: Math.floor(r.before / POSTS_PAGE_SIZE) + 1,
      // The headline is cut from tag-stripped HTML: decode its entities into plain text.
      snippet: htmlToText(r.snippet),
      user: r.username,
      date: r.createdAt.toISOString(),
    })),
  };
}
