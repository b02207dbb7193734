"use client";

import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";
import type { TGoal } from "@/lib/schemas/goals";

// The community goals open now, each as a bar (docs/payments.md, "Community goals"), on the home
// page and the store. Read from the public API, which the guest page cache keeps until a settle or
// a staff change announces `store:goals`; read again every minute while the page is open. Nothing
// is shown while loading, on a failed call, or when no goal is open.

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function GoalBars({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { lastOk } = useApiGet(endpoints.listGoals, {}, { everyMs: 60_000 });
  const goals = lastOk?.ok ? lastOk.data.results : [];
  if (goals.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="community-goal-heading" className="panel p-4 sm:p-6" data-testid="community-goals">
      <Heading id="community-goal-heading" className="text-2xl text-gold">
        Community goal
      </Heading>
      <ul className="mt-3 flex flex-col gap-5">
        {goals.map((g) => (
          <GoalBar key={g.id} goal={g} />
        ))}
      </ul>
    </section>
  );
}

function GoalBar({ goal: g }: { goal: TGoal }) {
  const done = g.reached;
  return (
    <li data-testid="community-goal" data-goal-id={g.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold text-stone-50">
          {g.title}
          {g.repeatable && g.round > 1 ? <span className="ml-2 text-sm font-normal text-stone-300">Round {g.round}</span> : null}
        </p>
        <p className="text-sm text-stone-200" data-testid="community-goal-amounts">
          {done ? (
            <>Reached! {money(g.raised_cents)} raised</>
          ) : (
            <>
              <span className="font-semibold text-gold">{money(g.round_progress_cents)}</span> of {money(g.target_cents)} · {g.percent}%
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
        aria-valuetext={done ? "Reached" : `${money(g.round_progress_cents)} of ${money(g.target_cents)}`}
        className="mt-2 h-3 overflow-hidden rounded bg-stone-800"
      >
        <div className="h-full rounded bg-gold" style={{ width: `${g.percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-400">Until {new Date(g.ends_at).toUTCString().replace(" GMT", " UTC")}</p>
    </li>
  );
}
