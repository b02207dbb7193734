import type { Metadata } from "next";
import Link from "next/link";
import { EndGoalButton, GoalForm } from "@/components/staff/goal-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffGoal } from "@/lib/schemas/goals";
import { listStaffGoals } from "@/lib/server/goals/manage-goals";
import { requireStaff } from "@/lib/server/sessions/guards";

// Community goals (docs/payments.md, "Community goals"): every goal with its progress, the form
// for a new one, an edit form and End for each goal still open or scheduled, and the server events
// its rounds made with their status as the game last left them. Administrators only, like the
// staff store API; anyone else gets the 404 page. Every change is audited.
export const metadata: Metadata = { title: "Community goals", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;
const EVENT_COLUMNS = [{ label: "Event" }, { label: "Round", numeric: true }, { label: "Status" }, { label: "Made" }, { label: "Run by the game" }];

function GoalCard({ goal: g }: { goal: TStaffGoal }) {
  return (
    <Panel as="article" aria-labelledby={`goal-${g.id}-title`} data-testid="staff-goal">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`goal-${g.id}-title`} className="text-xl text-gold-bright">
          {g.title}
        </h3>
        <span className="rounded border border-stone-600 px-2 py-0.5 text-sm text-stone-200" data-testid="staff-goal-state">
          {g.state}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-stone-400">Raised: </dt>
          <dd className="inline text-stone-100">
            {money(g.raised_cents)} of {money(g.target_cents)}
            {g.repeatable ? ` a round (round ${g.round}: ${money(g.round_progress_cents)}, ${g.percent}%)` : ` (${g.percent}%)`}
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Window: </dt>
          <dd className="inline text-stone-100">
            {utc(g.starts_at)} to {utc(g.ends_at)}
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
          <summary className="cursor-pointer text-stone-100">Edit or end</summary>
          <div className="mt-3 space-y-4">
            <GoalForm goal={g} />
            <EndGoalButton goal={g} />
          </div>
        </details>
      ) : null}
    </Panel>
  );
}

export default async function StaffGoalsPage() {
  await requireStaff("ADMINISTRATOR");
  const { results } = await listStaffGoals();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Community goals"
        subtitle="A money target over a window, shown as a bar on the home page and the store. Reaching it hands its reward to the game once, as a server event. Every change is written to the audit log."
      >
        <Link href="/staff/store" className="btn btn-stone">
          Store editor
        </Link>
      </PageHeader>
      <section aria-labelledby="goal-list-heading" className="space-y-4">
        <h2 id="goal-list-heading" className="text-2xl text-gold">
          {results.length === 0 ? "No goals yet" : "Goals, newest first"}
        </h2>
        {results.map((g) => (
          <GoalCard key={g.id} goal={g} />
        ))}
      </section>
      <Panel aria-labelledby="new-goal-heading">
        <h2 id="new-goal-heading" className="mb-4 text-2xl text-gold">
          New goal
        </h2>
        <GoalForm />
      </Panel>
    </div>
  );
}
