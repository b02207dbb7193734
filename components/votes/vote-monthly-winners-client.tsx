"use client";

import { useApiGet } from "@/components/api/use-api-get";
import { LoadFailed } from "@/components/ui/load-failed";
import { Panel } from "@/components/ui/panel";
import * as endpoints from "@/lib/client/endpoints";
import { monthYear, votesLabel } from "@/lib/votes/vote-display";

/** Last month's top voters and their prizes (GET /api/v1/vote/monthly-winners), with this month's prizes named. */
export function VoteMonthlyWinners({ prizes }: { prizes: readonly string[] }) {
  const winners = useApiGet(endpoints.voteMonthlyWinners, {});
  const data = winners.lastOk?.data ?? null;
  const [y, m] = data ? data.month.split("-").map(Number) : [0, 0];
  return (
    <Panel aria-labelledby="vote-winners-heading" aria-busy={winners.loading} className="min-w-0">
      <h2 id="vote-winners-heading" className="text-2xl text-gold">
        Top voters&apos; prizes
      </h2>
      <p className="mt-1 text-sm text-stone-400">At the end of each month: {prizes.map((p, i) => `${i + 1}. ${p}`).join(", ")}.</p>
      {winners.loading ? (
        <p role="status" className="mt-4">
          Loading last month&apos;s winners...
        </p>
      ) : !data ? (
        <LoadFailed className="mt-4" onRetry={winners.refresh}>
          We could not load last month&apos;s winners.
        </LoadFailed>
      ) : (
        <>
          <h3 id="vote-winners-month" className="mt-4 mb-2 text-xl text-gold">
            {monthYear(m!, y!)}
          </h3>
          {data.results.length === 0 ? (
            <p>No winners recorded for {monthYear(m!, y!)}.</p>
          ) : (
            <ol aria-labelledby="vote-winners-month" className="divide-y divide-stone-800" data-testid="vote-winners">
              {data.results.map((r) => (
                <li key={r.place} className="flex flex-wrap items-center gap-x-3 py-2">
                  <span className="w-6 shrink-0 text-right text-stone-400">{r.place}.</span>
                  <span className="min-w-0 flex-1 truncate font-semibold text-stone-100">{r.username}</span>
                  <span className="shrink-0 text-stone-300">{votesLabel(r.votes)}</span>
                  <span className="shrink-0 text-gold">{r.prize}</span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Panel>
  );
}
