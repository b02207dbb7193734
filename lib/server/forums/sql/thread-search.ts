import "server-only";
import { db, Prisma } from "../../db";

// Full-text search over post bodies and thread titles (the generated `search` columns,
// GIN-indexed; English stemming). A post is a hit when its body matches; a thread whose title
// matches is a hit on its first visible post. Hidden posts, hidden threads and threads of forums
// (or categories) hidden by staff are never found. A query that websearch_to_tsquery reduces to
// nothing (only stop words or punctuation) finds nothing.

/** One hit as the search page shows it. */
export type SearchHitRow = {
  id: number;
  threadId: number;
  title: string;
  forumId: number;
  forumName: string;
  username: string;
  createdAt: Date;
  snippet: string;
  /** Visible posts of the thread before this one. */
  before: number;
  /** Every hit of the query, on every page. */
  total: number;
};

// ts_headline options: the matched words in [[ ]] (plain-text markers the page styles), one
// fragment of about a sentence.
const HEADLINE = 'StartSel="[[", StopSel="]]", MaxFragments=1, MaxWords=30, MinWords=12, FragmentDelimiter=" … "';

/** The thread `t` is in a forum players may see (neither it nor its category hidden). */
const IN_VISIBLE_FORUM = Prisma.sql`EXISTS (SELECT 1 FROM forums vf JOIN forum_categories vc ON vc.id = vf."categoryId" WHERE vf.id = t."forumId" AND NOT vf.hidden AND NOT vc.hidden)`;

/** One page of hits for `q`, best first (title matches weigh more, then newer first), each with its headline and the count of every hit. */
export function searchHits(q: string, limit: number, offset: number): Promise<SearchHitRow[]> {
  // One statement: the two index-driven candidate sets, ranked, one page cut, and only then the
  // costly parts (headline, page of the post) for the rows shown. `total` counts every hit.
  return db.$queryRaw<SearchHitRow[]>`
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
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT r.id, r."threadId", r.title, r."forumId", r."forumName", r.username, r."createdAt", r.total::int AS total,
      ts_headline('english', regexp_replace(r.content, '<[^>]*>', ' ', 'g'), q.query, ${HEADLINE}) AS snippet,
      (SELECT count(*) FROM forum_posts e
        WHERE e."threadId" = r."threadId" AND NOT e.hidden AND (e."createdAt", e.id) < (r."createdAt", r.id))::int AS before
    FROM ranked r, q
    ORDER BY r.rank DESC, r."createdAt" DESC, r.id DESC`;
}

/** How many hits `q` has in all (0 when it reduces to nothing). */
export async function countSearchHits(q: string): Promise<number> {
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
