import type { Metadata } from "next";
import { VoteGoalForm } from "@/components/staff/vote-goal-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffVoteGoal } from "@/lib/schemas/vote-goals";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listStaffVoteGoals } from "@/lib/server/votes/goals/manage";

// Vote goals (docs/game-integration.md, "Vote goal"): every goal with its progress, the form for
// a new one, an edit form (pausing included) for each goal not ended, and the server events its
// rounds made with their status as the game last left them. Administrators only, like the staff
// API; anyone else gets the 404 page. Every change is audited.
export const metadata: Metadata = { title: "Vote goals", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const EVENT_COLUMNS = [{ label: "Event" }, { label: "Round", numeric: true }, { label: "Status" }, { label: "Made" }, { label: "Run by the game" }];

function windowWords(g: TStaffVoteGoal): string {
  return g.window === "day" ? `each day (${g.time_zone})` : `rolling ${g.window_hours} ${g.window_hours === 1 ? "hour" : "hours"}, from the last reward`;
}

function VoteGoalCard({ goal: g }: { goal: TStaffVoteGoal }) {
  return (
    <Panel as="article" aria-labelledby={`vote-goal-${g.id}-title`} data-testid="staff-vote-goal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`vote-goal-${g.id}-title`} className="text-xl text-gold-bright">
          {g.title}
        </h3>
        <span className="rounded border border-stone-600 px-2 py-0.5 text-sm text-stone-200" data-testid="staff-vote-goal-state">
          {g.state}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-stone-400">This round: </dt>
          <dd className="inline text-stone-100">
            {g.reached ? "reached" : `${g.votes.toLocaleString("en-US")} of ${g.target_votes.toLocaleString("en-US")} votes (${g.percent}%)`}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Window: </dt>
          <dd className="inline text-stone-100">{windowWords(g)}</dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Counts: </dt>
          <dd className="inline text-stone-100">
            from {utc(g.starts_at)}
            {g.ends_at ? ` to ${utc(g.ends_at)}` : ", no end"}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Reward: </dt>
          <dd className="inline break-all text-stone-100">
            <code>{g.reward_type}</code> <code>{JSON.stringify(g.reward_payload)}</code>
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Rounds reached: </dt>
          <dd className="inline text-stone-100">{g.rounds_reached}</dd>
        </div>
      </dl>
      {g.events.length ? (
        <div className="mt-4">
          <ResponsiveTable
            caption={`Server events of ${g.title}`}
            showCaption
            columns={EVENT_COLUMNS}
            rows={g.events.map((e) => ({
              key: e.id,
              attrs: { "data-event-status": e.status },
              cells: [`#${e.id} ${e.type}`, e.round ?? "—", e.status, utc(e.created), e.delivered_at ? utc(e.delivered_at) : "not yet"],
            }))}
            wide="2xl"
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-stone-400">No server event yet: one is made each time a round is reached.</p>
      )}
      {g.state !== "ended" ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-stone-100">Edit or pause</summary>
          <div className="mt-3">
            <VoteGoalForm goal={g} />
          </div>
        </details>
      ) : null}
    </Panel>
  );
}

export default async function StaffVoteGoalsPage() {
  await requireStaff("ADMINISTRATOR");
  const { results } = await listStaffVoteGoals();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Vote goals"
        subtitle="A number of counted votes each day or in a rolling window, shown as a bar on the home and vote pages. Reaching it hands its reward to the game once per round, as a server event. Every change is written to the audit log."
      />
      <section aria-labelledby="vote-goal-list-heading" className="space-y-4">
        <h2 id="vote-goal-list-heading" className="text-2xl text-gold">
          {results.length === 0 ? "No vote goals yet" : "Vote goals, newest first"}
        </h2>
        {results.map((g) => (
          <VoteGoalCard key={g.id} goal={g} />
        ))}
      </section>
      <Panel aria-labelledby="new-vote-goal-heading">
        <h2 id="new-vote-goal-heading" className="mb-4 text-2xl text-gold">
          New vote goal
        </h2>
        <VoteGoalForm />
      </Panel>
    </div>
  );
}
