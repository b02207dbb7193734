import Link from "next/link";
import { topGainsHref, playerTabHref } from "@/lib/progress/urls";
import { isBuildPhase } from "@/lib/server/env";
import { listRecentProgress } from "@/lib/server/progress/log";
import { ProgressTime } from "./progress-time";

// The home page's "Recent achievements": the newest entries of the server-wide feed
// (docs/progress.md, "Adventure log"), server firsts set apart. Rendered on the server with no
// client code; the home page is regenerated in the background (its `revalidate`,
// app/(site)/page.tsx), so it stays a prerendered page. Hidden while the feed is empty.

export const HOME_FEED_SIZE = 6;

export async function RecentAchievements() {
  // `next build` prerenders the home page with no database: the first regeneration fills it in.
  if (isBuildPhase()) return null;
  const { results } = await listRecentProgress(HOME_FEED_SIZE);
  if (results.length === 0) return null;
  return (
    <section aria-labelledby="recent-achievements-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-achievements-heading" className="text-2xl text-gold">
          Recent achievements
        </h2>
        <Link href={topGainsHref()}>
          Top gainers<span aria-hidden="true"> →</span>
        </Link>
      </div>
      <ul className="panel divide-y divide-stone-800 px-4" data-testid="recent-achievements">
        {results.map((e) => (
          <li
            key={e.id}
            className={`flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 ${e.server_first ? "text-gold-bright" : ""}`}
            data-server-first={e.server_first || undefined}
          >
            <p className="min-w-0 break-words">
              {e.server_first ? (
                <span aria-hidden="true" className="mr-1 text-gold">
                  ★
                </span>
              ) : null}
              <Link href={playerTabHref(e.username, "log")} className="font-semibold">
                {e.username}
              </Link>
              <span className={e.server_first ? "font-semibold" : "text-stone-200"}>: {e.text}</span>
            </p>
            <ProgressTime value={e.at} className="shrink-0 text-sm text-stone-300" />
          </li>
        ))}
      </ul>
    </section>
  );
}
