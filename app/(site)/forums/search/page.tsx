import type { Metadata } from "next";
import { Breadcrumb } from "@/components/forums/breadcrumb";
import { ForumPager } from "@/components/forums/forum-pager";
import { plural, searchHref } from "@/components/forums/forum-paths";
import { ForumSearchForm } from "@/components/forums/search-form";
import { SearchResults } from "@/components/forums/search-results";
import { PageHeader } from "@/components/ui/page-header";
import { pageNumber } from "@/lib/format/page-number";
import { SEARCH_PAGE_SIZE, ZSearchQuery } from "@/lib/schemas/forums";
import { searchForums } from "@/lib/server/forums/search-forums";

export const metadata: Metadata = { title: "Search the forums", robots: { index: false, follow: true } };
export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;

/** Forum search (issue 10): ?q= words in thread titles and posts, best matches first; ?page=. */
export default async function ForumSearchPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const raw = typeof sp.q === "string" ? sp.q : "";
  const parsed = ZSearchQuery.safeParse({ q: raw });
  const q = parsed.success ? parsed.data.q : "";
  const problem = raw.trim() && !parsed.success ? (parsed.error.issues[0]?.message ?? "Try other words.") : null;
  const page = pageNumber(sp.page);
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
        <p className="text-red-200" role="alert">
          {problem}
        </p>
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
