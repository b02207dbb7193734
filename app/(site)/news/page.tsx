import type { Metadata } from "next";
import Link from "next/link";
import { NewsArticle } from "@/components/news/news-article";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { MONTHS, noArchivedNews } from "@/lib/schemas/news";
import { readArchiveMonth } from "@/lib/server/news/archive-month";
import { loadNewsArchiveView } from "@/lib/server/news/load-news-views";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

export const metadata: Metadata = { title: "News" };
// The month comes from the query; staff see the Create button.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const chip = (current: boolean) => `btn ${current ? "btn-gold" : "btn-stone"} min-w-0 px-3`;

/** docs/product.md §2 News archive: year and month buttons, a Viewing line, the month's posts or the empty text. */
export default async function NewsArchivePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const now = new Date();
  const selected = readArchiveMonth(await searchParams, now);
  const [{ years, items }, actor] = await Promise.all([loadNewsArchiveView(selected, now), getCurrentActor()]);
  const href = (year: number, month: number) => `/news?year=${year}&month=${month}`;
  const monthName = MONTHS[selected.month - 1]!;

  return (
    <>
      <PageHeader title="News" subtitle="Updates, events and announcements from the team, month by month.">
        {actor?.isStaff ? <ButtonLink href="/news/create">Create News Post</ButtonLink> : null}
      </PageHeader>

      <nav aria-label="News archive" className="panel mb-6 space-y-4 p-4 sm:p-5">
        <div>
          <h2 id="archive-years" className="mb-2 text-lg text-gold">
            Year
          </h2>
          <ul aria-labelledby="archive-years" className="flex flex-wrap gap-2">
            {years.map((y) => (
              <li key={y}>
                <Link
                  href={href(y, selected.month)}
                  prefetch={false}
                  className={chip(y === selected.year)}
                  aria-current={y === selected.year ? "page" : undefined}
                >
                  {y}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 id="archive-months" className="mb-2 text-lg text-gold">
            Month
          </h2>
          <ul aria-labelledby="archive-months" className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {MONTHS.map((name, i) => (
              <li key={name}>
                <Link
                  href={href(selected.year, i + 1)}
                  prefetch={false}
                  className={`${chip(i + 1 === selected.month)} w-full`}
                  aria-current={i + 1 === selected.month ? "page" : undefined}
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <section aria-labelledby="archive-viewing">
        <h2 id="archive-viewing" className="mb-4 text-2xl text-stone-100">
          Viewing {monthName} {selected.year}
        </h2>
        {items.length === 0 ? (
          <p className="panel p-4 text-stone-300 sm:p-5">{noArchivedNews(selected.month, selected.year)}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={item.id}>
                <NewsArticle item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
