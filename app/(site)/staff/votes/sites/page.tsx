import type { Metadata } from "next";
import { VoteSiteForm } from "@/components/staff/vote-site-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import type { TStaffVoteSite } from "@/lib/schemas/vote-sites";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listStaffVoteSites } from "@/lib/server/votes/manage-vote-sites";

// Vote listing sites (docs/game-integration.md, "Vote callbacks"): every site row, on or off,
// with its callback address, checks and reward, an edit form for each (turning it off is
// unticking Active) and the form for a new one, blank or from a preset. Administrators only, like
// the staff API; anyone else gets the 404 page. Every change is audited; secrets are never shown.
export const metadata: Metadata = { title: "Vote sites", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const checksText = (s: TStaffVoteSite) => {
  const parts = [
    s.checks.secret ? `secret (${s.checks.secret === "env" ? "env setting" : "stored"})` : null,
    s.checks.addresses ? `addresses (${s.checks.addresses === "env" ? "env setting" : "stored"})` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" and ") : "none: callbacks are refused";
};

function SiteCard({ site: s }: { site: TStaffVoteSite }) {
  return (
    <Panel as="article" aria-labelledby={`vote-site-${s.id}-title`} data-testid="staff-vote-site">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`vote-site-${s.id}-title`} className="text-xl text-gold-bright">
          {s.name} <span className="text-sm text-stone-400">({s.key})</span>
        </h3>
        <span className="rounded border border-stone-600 px-2 py-0.5 text-sm text-stone-200" data-testid="staff-vote-site-state">
          {s.active ? "active" : "off"}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-stone-400">Callback address: </dt>
          <dd className="inline break-all text-stone-100">
            <code>{s.callback_path}</code>
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Checks: </dt>
          <dd className="inline text-stone-100">{checksText(s)}</dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Reward: </dt>
          <dd className="inline text-stone-100">
            {s.reward_points} points, every {s.cooldown_hours} hours
          </dd>
        </div>
        <div>
          <dt className="inline text-stone-400">Preset: </dt>
          <dd className="inline text-stone-100">{s.preset ?? "none"}</dd>
        </div>
      </dl>
      <details className="mt-4">
        <summary className="cursor-pointer text-stone-100">Edit or turn off</summary>
        <div className="mt-3">
          <VoteSiteForm site={s} />
        </div>
      </details>
    </Panel>
  );
}

export default async function StaffVoteSitesPage() {
  await requireStaff("ADMINISTRATOR");
  const { results } = await listStaffVoteSites();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Vote sites"
        subtitle="The listing sites players vote on: each site's link, callback parameters, checks and reward. Active sites are on the vote page. Every change is written to the audit log."
      />
      <section aria-labelledby="vote-site-list-heading" className="space-y-4">
        <h2 id="vote-site-list-heading" className="text-2xl text-gold">
          Sites, in display order
        </h2>
        {results.map((s) => (
          <SiteCard key={s.id} site={s} />
        ))}
      </section>
      <Panel aria-labelledby="new-vote-site-heading">
        <h2 id="new-vote-site-heading" className="mb-4 text-2xl text-gold">
          Add a site
        </h2>
        <VoteSiteForm />
      </Panel>
    </div>
  );
}
