"use client";

import { Panel } from "@/components/ui/panel";
import { monthYear, votesLabel } from "@/lib/votes/vote-display";
import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";
import type { VoteMetrics } from "./contract";
import { LoadFailed } from "@/components/ui/load-failed";

const isMetrics = (d: unknown): d is VoteMetrics => {
  const m = d as VoteMetrics;
  return (
    typeof m === "object" &&
    m !== null &&
    typeof m.totalVotes === "number" &&
    typeof m.monthlyVotes === "number" &&
    Array.isArray(m.monthlyLeaderboard) &&
    typeof m.month === "number" &&
    typeof m.year === "number"
  );
};

/**
 * docs/product.md §2 Vote Statistics: total votes, this month's votes with month and year, and the monthly
 * leaderboard. The server caches them for `refreshSec`; the page asks again as often. The texts
 * and the interval come from the page (lib/schemas/votes.ts) so this bundle carries no zod.
 */
export function VoteStatistics({ refreshSec, emptyText }: { refreshSec: number; emptyText: string }) {
  const metrics = useApiGet(endpoints.voteMetrics, {}, { everyMs: refreshSec * 1000 });
  const data = metrics.lastOk && isMetrics(metrics.lastOk.data) ? metrics.lastOk.data : null;
  const failed = !data && metrics.res !== null;
  const everyText = refreshSec === 300 ? "every five minutes" : `every ${Math.round(refreshSec / 60)} minutes`;

  return (
    <Panel aria-labelledby="vote-stats-heading" aria-busy={metrics.loading} className="min-w-0">
      <h2 id="vote-stats-heading" className="text-2xl text-gold">
        Vote Statistics
      </h2>
      <p className="mt-1 text-sm text-stone-400">Updated {everyText}.</p>

      {metrics.loading ? (
        <p role="status" className="mt-4">
          Loading statistics...
        </p>
      ) : failed ? (
        <LoadFailed className="mt-4" onRetry={metrics.refresh}>
          We could not load the vote statistics.
        </LoadFailed>
      ) : data ? (
        <>
          <dl className="mt-4 grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            <div className="rounded border border-stone-700 bg-stone-850 p-3 text-center">
              <dt className="text-stone-300">Total Votes</dt>
              <dd className="mt-1 text-2xl font-bold text-gold" data-testid="total-votes">
                {data.totalVotes.toLocaleString("en-US")}
              </dd>
            </div>
            <div className="rounded border border-stone-700 bg-stone-850 p-3 text-center">
              <dt className="text-stone-300" data-testid="monthly-votes-label">
                Votes in {monthYear(data.month, data.year)}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-gold" data-testid="monthly-votes">
                {data.monthlyVotes.toLocaleString("en-US")}
              </dd>
            </div>
          </dl>

          <h3 id="vote-leaderboard-heading" className="mt-6 mb-2 text-xl text-gold">
            Monthly Leaderboard
          </h3>
          {data.monthlyLeaderboard.length === 0 ? (
            <p>{emptyText}</p>
          ) : (
            <ol aria-labelledby="vote-leaderboard-heading" className="divide-y divide-stone-800" data-testid="vote-leaderboard">
              {data.monthlyLeaderboard.map((row, i) => (
                <li key={`${i}-${row.username}`} className="flex items-center gap-3 py-2">
                  <span className="w-6 shrink-0 text-right text-stone-400">{i + 1}.</span>
                  <span className="min-w-0 flex-1 truncate font-semibold text-stone-100" data-testid="leaderboard-username">
                    {row.username}
                  </span>
                  <span className="shrink-0 text-gold" data-testid="leaderboard-count">
                    {votesLabel(row.count)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      ) : null}
    </Panel>
  );
}
