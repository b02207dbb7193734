import "server-only";
import { POSTS_PAGE_SIZE, SEARCH_PAGE_SIZE, type TSearchHit } from "@/lib/schemas/forums";
import { db, Prisma } from "../db";
import { htmlToText } from "./sanitize";

// GET /api/v1/forums/search and the search page: PostgreSQL full-text search over post bodies
// and thread titles (the generated `search` columns, GIN-indexed; English stemming). A post is
// a hit when its body matches; a thread whose title matches is a hit on its first visible post.
// Title matches weigh more (weight A against the body's D), then newer first. Hidden posts,
// hidden threads and threads of forums (or categories) hidden by staff are never found. A query that websearch_to_tsquery reduces to nothing (only
// stop words or punctuation) finds nothing rather than everything or an error.

type Row = {
  id: number;
  threadId: number;
  title: string;
  forumId: number;
  forumName: string;
  username: string;
  createdAt: Date;
  snippet: string;
  before: number;
  total: number;
};

// ts_headline options: the matched words in [[ ]] (plain-text markers the page styles), one
// fragment of about a sentence.
const HEADLINE = 'StartSel="[[", StopSel="]]", MaxFragments=1, MaxWords=30, MinWords=12, FragmentDelimiter=" … "';

/** The thread `t` is in a forum players may see (neither it nor its category hidden). */
const IN_VISIBLE_FORUM = Prisma.sql`EXISTS (SELECT 1 FROM forums vf JOIN forum_categories vc ON vc.id = vf."categoryId" WHERE vf.id = t."forumId" AND NOT vf.hidden AND NOT vc.hidden)`;

export async function searchForums(q: string, page: number): Promise<{ results: TSearchHit[]; total: number }> {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  // One statement: the two index-driven candidate sets, ranked, one page cut, and only then the
  // costly parts (headline, page of the post) for the rows shown. `total` counts every hit.
  const rows = await db.$queryRaw<Row[]>`
    WITH q AS (SELECT websearch_to_tsquery('english', ${q}) AS query),
    found AS (
      SELECT p.id, false AS title
      FROM q, forum_posts p JOIN forum_threads t ON t.id = p."threadId"
      WHERE numnode(q.query) > 0 AND p.search @@ q.query AND NOT p.hidden AND NOT t.hidden AND ${IN_VISIBLE_FORUM}
      UNION ALL
      SELECT first.id, true AS title
      FROM q, forum_threads t,
        LATERAL (SELECT e.id FROM forum_posts e WHERE e."threadId" = t.id AND NOT e.hidden ORDER BY e."createdAt", e.id LIMIT 1) first
      WHERE numnode(q.query) > 0 AND t.search @@ q.query AND NOT t.hidden AND ${IN_VISIBLE_FORUM}
    ),
    hits AS (SELECT id, bool_or(title) AS title FROM found GROUP BY id),
    ranked AS (
      SELECT p.id, p."threadId", p."createdAt", p.content, t.title, t."forumId", f.name AS "forumName", u.username,
        CASE WHEN h.title THEN ts_rank(setweight(t.search, 'A') || coalesce(p.search, ''::tsvector), q.query)
             ELSE ts_rank(p.search, q.query) END AS rank,
        count(*) OVER () AS total
      FROM q, hits h
        JOIN forum_posts p ON p.id = h.id
        JOIN forum_threads t ON t.id = p."threadId"
        JOIN forums f ON f.id = t."forumId"
        JOIN users u ON u.id = p."userId"
      ORDER BY rank DESC, p."createdAt" DESC, p.id DESC
      LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}
    )
    SELECT r.id, r."threadId", r.title, r."forumId", r."forumName", r.username, r."createdAt", r.total::int AS total,
      ts_headline('english', regexp_replace(r.content, '<[^>]*>', ' ', 'g'), q.query, ${HEADLINE}) AS snippet,
      (SELECT count(*) FROM forum_posts e
        WHERE e."threadId" = r."threadId" AND NOT e.hidden AND (e."createdAt", e.id) < (r."createdAt", r.id))::int AS before
    FROM ranked r, q
    ORDER BY r.rank DESC, r."createdAt" DESC, r.id DESC`;

  // A page past the end has no rows to carry the total: count once more for the page links.
  const total = rows[0]?.total ?? (page > 1 ? await countHits(q) : 0);
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

async function countHits(q: string): Promise<number> {
  const [row] = await db.$queryRaw<{ total: number }[]>`
    WITH q AS (SELECT websearch_to_tsquery('english', ${q}) AS query)
    SELECT count(*)::int AS total FROM (
      SELECT p.id FROM q, forum_posts p JOIN forum_threads t ON t.id = p."threadId"
      WHERE numnode(q.query) > 0 AND p.search @@ q.query AND NOT p.hidden AND NOT t.hidden AND ${IN_VISIBLE_FORUM}
      UNION
      SELECT first.id FROM q, forum_threads t,
        LATERAL (SELECT e.id FROM forum_posts e WHERE e."threadId" = t.id AND NOT e.hidden ORDER BY e."createdAt", e.id LIMIT 1) first
      WHERE numnode(q.query) > 0 AND t.search @@ q.query AND NOT t.hidden AND ${IN_VISIBLE_FORUM}
    ) hits`;
  return row?.total ?? 0;
}
