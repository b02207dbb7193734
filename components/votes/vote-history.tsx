"use client";

import { LocalDateTime } from "@/components/ui/local-date-time";
import { Panel } from "@/components/ui/panel";
import { rewardLabel, voteOutcome } from "@/lib/votes/vote-display";
import { VOTE_API, type VoteHistoryRow } from "./contract";
import { useLiveApiGet } from "./use-live-api-get";

export const NO_VOTES = "No votes yet. A vote shows here a moment after the listing site tells us about it.";

const isRow = (r: unknown): r is VoteHistoryRow => {
  const v = r as VoteHistoryRow;
  return typeof v === "object" && v !== null && typeof v.id === "number" && typeof v.site_name === "string" && typeof v.time === "string" && typeof v.counted === "boolean";
};

/** The player's own recent votes: which site, when, whether it counted (and why not), and the reward. */
export function VoteHistory() {
  const history = useLiveApiGet<{ results: VoteHistoryRow[] }>(VOTE_API.history, { onReturn: true });
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
        <p role="alert" className="mt-4 text-red-200">
          We could not load your recent votes.{" "}
          <button type="button" className="underline" onClick={history.refresh}>
            Retry
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className="mt-4">{NO_VOTES}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm sm:text-base" data-testid="vote-history">
            <thead>
              <tr className="border-b-2 border-stone-700 text-stone-300">
                <th scope="col" className="py-2 pr-3">Site</th>
                <th scope="col" className="py-2 pr-3">Time</th>
                <th scope="col" className="py-2 pr-3">Outcome</th>
                <th scope="col" className="py-2">Reward</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const reward = rewardLabel(r.reward);
                return (
                  <tr key={r.id} className="border-b border-stone-800 align-top" data-counted={r.counted}>
                    <th scope="row" className="py-2 pr-3 font-semibold text-stone-100">
                      {r.site_name}
                    </th>
                    <td className="py-2 pr-3">
                      <LocalDateTime value={r.time} />
                    </td>
                    <td className={`py-2 pr-3 ${r.counted ? "text-emerald-200" : "text-red-200"}`}>{voteOutcome(r.counted, r.reason)}</td>
                    <td className="py-2">
                      {reward ?? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">None</span>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
