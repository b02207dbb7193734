"use client";

import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { rewardLabel, voteOutcome } from "@/lib/votes/vote-display";
import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";
import type { VoteHistoryRow } from "./contract";
import { LoadFailed } from "@/components/ui/load-failed";

export const NO_VOTES = "No votes yet. A vote shows here a moment after the listing site tells us about it.";

const isRow = (r: unknown): r is VoteHistoryRow => {
  const v = r as VoteHistoryRow;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.id === "number" &&
    typeof v.site_name === "string" &&
    typeof v.time === "string" &&
    typeof v.counted === "boolean"
  );
};

/** The player's own recent votes: which site, when, whether it counted (and why not), and the reward. */
export function VoteHistory() {
  const history = useApiGet(endpoints.voteHistory, {}, { onReturn: true });
  const ok = history.lastOk;
  const rows = ok && Array.isArray(ok.data.results) ? ok.data.results.filter(isRow) : [];
  const failed = !ok && history.res !== null;

  return (
    <Panel aria-labelledby="vote-history-heading" aria-busy={history.loading} className="min-w-0">
      <h2 id="vote-history-heading" className="text-2xl text-gold">
        Your recent votes
      </h2>
      {history.loading ? (
        <p role="status" className="mt-4">
          Loading your votes...
        </p>
      ) : failed ? (
        <LoadFailed className="mt-4" onRetry={history.refresh}>
          We could not load your recent votes.
        </LoadFailed>
      ) : rows.length === 0 ? (
        <p className="mt-4">{NO_VOTES}</p>
      ) : (
        // A list, not a table: two short blocks per vote fit a phone without sideways scrolling.
        <ul className="mt-2 divide-y divide-stone-800" data-testid="vote-history">
          {rows.map((r) => {
            const reward = rewardLabel(r.reward);
            return (
              <li key={r.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3" data-counted={r.counted}>
                <div className="min-w-0">
                  <p className="font-semibold text-stone-100" data-testid="vote-site">
                    {r.site_name}
                  </p>
                  <LocalDateTime value={r.time} className="text-sm text-stone-400" />
                </div>
                <div className="min-w-0 sm:text-right">
                  <p className={r.counted ? "text-emerald-200" : "text-red-200"} data-testid="vote-outcome">
                    {voteOutcome(r.counted, r.reason)}
                  </p>
                  {reward ? (
                    <p className="text-sm text-stone-300" data-testid="vote-reward">
                      Reward: {reward}
                    </p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
