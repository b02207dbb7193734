import Link from "next/link";
import { pageItems } from "./forum-paths";

/**
 * Previous / page numbers / Next for the forum lists and threads. Nothing when there is one page.
 * `href(n)` builds the link of page n (keeping the list's other query values).
 */
export function ForumPager({
  page,
  pages,
  href,
  label = "Pages",
  numbers = true,
}: {
  page: number;
  pages: number;
  href: (n: number) => string;
  label?: string;
  numbers?: boolean;
}) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="my-4 flex flex-wrap items-center gap-2">
      {page > 1 ? (
        <Link href={href(Math.min(page - 1, Math.max(pages, 1)))} className="btn btn-stone" rel="prev">
          Previous
        </Link>
      ) : null}
      {numbers ? (
        <ol className="flex flex-wrap items-center gap-1">
          {pageItems(Math.min(page, Math.max(pages, 1)), Math.max(pages, 1)).map((p, i) =>
            p === "gap" ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-400">
                …
              </li>
            ) : (
              <li key={p}>
                {p === page ? (
                  <span
                    aria-current="page"
                    className="flex min-h-11 min-w-11 items-center justify-center rounded border-2 border-gold-dark bg-gold/15 px-2 font-bold text-gold-bright"
                  >
                    <span className="sr-only">Page </span>
                    {p}
                  </span>
                ) : (
                  <Link
                    href={href(p)}
                    className="flex min-h-11 min-w-11 items-center justify-center rounded border-2 border-stone-700 px-2 hover:bg-stone-800 hover:no-underline"
                  >
                    <span className="sr-only">Page </span>
                    {p}
                  </Link>
                )}
              </li>
            ),
          )}
        </ol>
      ) : (
        <span className="px-2 text-stone-300">Page {page}</span>
      )}
      {page < pages ? (
        <Link href={href(page + 1)} className="btn btn-stone" rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
