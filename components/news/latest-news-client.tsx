"use client";

import Link from "next/link";
import { useApiGet } from "@/components/api/use-api-get";
import { formatLongDate } from "@/lib/format/dates";
import { NewsImage } from "./news-image";
import * as endpoints from "@/lib/client/endpoints";

export const HOME_NEWS = 3;
export const NO_NEWS_YET = "No news has been posted yet.";
export const NEWS_UNAVAILABLE = "The latest news could not be loaded right now.";

/**
 * The home page's "Latest News": the newest posts (image, title, date, preview) linking to
 * /news/{slug}, with loading, empty and failed states and the archive link. A client island on
 * the prerendered home page (like the players-online count): the page stays a static file,
 * needs no database at build time, and a new post shows on the next visit.
 * Links to posts are plain <a>: a post renders stored HTML, a full load under its own nonce policy.
 */
export function LatestNews() {
  const { loading, res, retry } = useApiGet(endpoints.latestNews, { query: { amount: HOME_NEWS } });
  // A JSON array arrives as `list` (lib/client/api.ts), typed by the operation's contract.
  const items = res?.ok && res.list ? res.list : null;
  return (
    <section aria-labelledby="latest-news-heading" aria-busy={loading}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="latest-news-heading" className="text-2xl text-gold">
          Latest News
        </h2>
        <Link href="/news">
          News archive<span aria-hidden="true"> →</span>
        </Link>
      </div>
      {/* The two lists are keyed apart: a placeholder keyed 1 or 2 would otherwise be reused
          for the post with that id and moved up, which Chrome counts as a layout shift (CLS 0.15
          on a phone, the home page's largest Lighthouse loss). New elements are not a shift. */}
      {loading ? (
        <ul key="placeholders" className="grid gap-4 md:grid-cols-3" aria-label="Loading the latest news">
          {Array.from({ length: HOME_NEWS }, (_, i) => (
            <li key={`placeholder-${i}`} className="panel flex animate-pulse flex-col gap-3 p-4" aria-hidden="true">
              <div className="aspect-video w-full rounded bg-stone-800" />
              <div className="h-6 w-3/4 rounded bg-stone-800" />
              <div className="h-4 w-1/3 rounded bg-stone-800" />
              <div className="h-12 rounded bg-stone-800" />
            </li>
          ))}
        </ul>
      ) : items && items.length > 0 ? (
        <ul key="posts" className="grid gap-4 md:grid-cols-3">
          {items.map((n, i) => (
            <li key={n.id} className="panel flex flex-col gap-3 p-4">
              {/* The first picture is in view on a phone and is the page's largest paint: fetch it at once. */}
              <NewsImage src={n.image} eager={i === 0} />
              <h3 className="text-xl break-words">
                <a href={`/news/${n.slug}`} className="text-gold-bright">
                  {n.thread.title}
                </a>
              </h3>
              <p className="text-sm text-stone-400">
                <time dateTime={n.thread.date}>{formatLongDate(n.thread.date)}</time>
              </p>
              <p className="line-clamp-4 text-sm break-words text-stone-300">{n.thread.preview}</p>
            </li>
          ))}
        </ul>
      ) : items ? (
        <p className="panel p-4 text-stone-300">{NO_NEWS_YET}</p>
      ) : (
        <p className="panel flex flex-wrap items-center gap-3 p-4 text-stone-300" role="status">
          {NEWS_UNAVAILABLE}
          <button type="button" className="btn btn-stone min-h-9 px-3 py-1 text-sm" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    </section>
  );
}
