"use client";

import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";
import type { TVoteGoal } from "@/lib/schemas/vote-goals";

// The server-wide vote goals counting now, each as a bar (docs/game-integration.md, "Vote goal"),
// on the home page and the vote page. Read from the public API, which the guest page cache keeps
// until a counted vote or a staff change announces `votes:goal`; read again every minute while the
// page is open. Nothing is shown while loading, on a failed call, or when no goal counts.

const count = (n: number) => n.toLocaleString("en-US");

export function VoteGoalProgress() {
  const { lastOk } = useApiGet(endpoints.voteGoal, {}, { everyMs: 60_000 });
  const goals = lastOk?.ok ? lastOk.data.results : [];
  if (goals.length === 0) return null;
  return (
    <section aria-labelledby="vote-goal-heading" className="panel p-4 sm:p-6" data-testid="vote-goals">
      <h2 id="vote-goal-heading" className="text-2xl text-gold">
        Server vote goal
      </h2>
      <ul className="mt-3 flex flex-col gap-5">
        {goals.map((g) => (
          <VoteGoalBar key={g.id} goal={g} />
        ))}
      </ul>
    </section>
  );
}

function windowText(g: TVoteGoal): string {
  if (g.window === "rolling") return `Votes in the last ${g.window_hours === 1 ? "hour" : `${g.window_hours} hours`} since the last reward`;
  const until = new Date(g.period_end).toUTCString().replace(" GMT", " UTC");
  return g.reached ? `Reached today: the next round starts ${until}` : `Today's votes, until ${until}`;
}

function VoteGoalBar({ goal: g }: { goal: TVoteGoal }) {
  const shown = g.reached ? Math.max(g.votes, g.target_votes) : g.votes;
  return (
    <li data-testid="vote-goal" data-vote-goal-id={g.id} data-reached={g.reached ? "true" : "false"}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-stone-50">
          {g.title}
          {g.rounds_reached > 0 ? <span className="ml-2 text-sm font-normal text-stone-300">Reached {count(g.rounds_reached)}×</span> : null}
        </p>
        <p className="text-sm text-stone-200" data-testid="vote-goal-count">
          {g.reached ? (
            <>Reached! {count(shown)} votes</>
          ) : (
            <>
              <span className="font-semibold text-gold">{count(g.votes)}</span> of {count(g.target_votes)} votes · {g.percent}%
            </>
          )}
        </p>
      </div>
      {g.description ? <p className="mt-1 text-sm text-stone-300">{g.description}</p> : null}
      <div
        role="progressbar"
        aria-label={`${g.title}: progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={g.percent}
        aria-valuetext={g.reached ? "Reached" : `${count(g.votes)} of ${count(g.target_votes)} votes`}
        className="mt-2 h-3 overflow-hidden rounded bg-stone-800"
      >
        <div className="h-full rounded bg-gold" style={{ width: `${g.percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-400">{windowText(g)}</p>
    </li>
  );
}
