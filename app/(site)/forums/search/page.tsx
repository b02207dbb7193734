import type { Metadata } from "next";
import { Breadcrumb } from "@/components/forums/breadcrumb";
import { ForumPager } from "@/components/forums/forum-pager";
import { plural, searchHref } from "@/components/forums/forum-paths";
import { ForumSearchForm } from "@/components/forums/search-form";
import { SearchResults } from "@/components/forums/search-results";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { REQUIRED } from "@/lib/schemas/api";
import { SEARCH_PAGE_SIZE } from "@/lib/schemas/forums";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { searchForums } from "@/lib/server/forums/search-forums";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";

export const metadata: Metadata = { title: "Search the forums", robots: { index: false, follow: true } };
export const dynamic = "force-dynamic";

/** Forum search: ?q= words in thread titles and posts, best matches first; ?page=. */
export default async function ForumSearchPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const parsed = parsePageQuery(PAGE_QUERIES["/forums/search"], await searchParams);
  const raw = parsed.values.q ?? "";
  // No words yet (the field's "required" alone) is the empty search box, not a mistake.
  const noWordsYet = Object.keys(parsed.errors).length === 1 && Boolean(parsed.errors.q?.every((m) => m === REQUIRED));
  const problem = parsed.ok || noWordsYet ? null : parsed.errors;
  const q = parsed.ok ? parsed.query.q : "";
  const page = parsed.ok ? parsed.query.page : 1;
  const found = q ? await searchForums(q, page) : null;
  const pages = found ? Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE)) : 1;

  return (
    <>
      <Breadcrumb crumbs={[{ label: "Forums", href: "/forums" }, { label: "Search" }]} />
      <PageHeader title="Search the forums" />
      <div className="mb-6">
        <ForumSearchForm q={raw} />
      </div>
      {problem ? (
        <InvalidQuery errors={problem} labels={{ q: "Search", page: "Page" }} />
      ) : !found ? (
        <p className="text-stone-300">Type a word or two to search thread titles and posts. Quoted phrases, OR and -word work too.</p>
      ) : found.results.length === 0 ? (
        <p className="text-stone-300" data-testid="search-empty">
          No posts found for “{q}”.
        </p>
      ) : (
        <>
          <p className="mb-3 text-stone-300" aria-live="polite">
            {plural(found.total, "result")} for “{q}”
          </p>
          <SearchResults hits={found.results} />
          <ForumPager page={page} pages={pages} href={(n) => searchHref(q, n)} label="Result pages" />
        </>
      )}
    </>
  );
}
