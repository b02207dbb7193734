import type { Metadata } from "next";
import Link from "next/link";
import { DashboardCounters } from "@/components/staff/dashboard-counters";
import { DashboardSection, formatFigure } from "@/components/staff/dashboard-section";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { DASHBOARD_CACHE_SEC, DASHBOARD_RANGES, VOTE_SITE_SILENT_HOURS } from "@/lib/schemas/staff-dashboard";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { getDashboardFor } from "@/lib/server/staff/get-dashboard";

// The staff dashboard: money, credits, votes, registrations and players online per
// day over 30 or 90 days, and what waits for staff. Moderators and up (revenue and the jobs and
// payments counters: administrators and up); anyone else gets the 404 page. The figures come from the same use case as GET /api/v1/staff/dashboard (at most a minute
// old); docs/staff.md says how each is counted.
export const metadata: Metadata = { title: "Staff dashboard", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffDashboardPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireStaff("MODERATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff"], await searchParams);
  if (!parsed.ok) {
    return (
      <>
        <PageHeader title="Staff dashboard" />
        <InvalidQuery errors={parsed.errors} labels={{ range: "Period" }} />
        <Link href="/staff">The last 30 days</Link>
      </>
    );
  }
  const { range } = parsed.query;
  const d = await getDashboardFor(range, actor.privilege);
  const revenue = d.revenue;
  const money = (cents: number) => formatFigure("cents", cents, d.currency);
  const count = (n: number) => n.toLocaleString("en-US");
  const silent = d.votes.sites.filter((s) => s.silent);
  const online = d.playersOnline;

  return (
    <>
      <PageHeader
        title="Staff dashboard"
        subtitle={
          <>
            The last {range} days by UTC day, today included. Figures as of <LocalDateTime value={d.generatedAt} />; they are worked out again at most once a
            minute ({DASHBOARD_CACHE_SEC} s).
          </>
        }
      >
        <nav aria-label="Period" className="flex gap-2">
          {DASHBOARD_RANGES.map((r) => (
            <Link
              key={r}
              href={r === 30 ? "/staff" : `/staff?range=${r}`}
              aria-current={r === range ? "page" : undefined}
              className="btn btn-stone aria-[current=page]:bg-gold/20 aria-[current=page]:text-gold-bright"
            >
              {r} days
            </Link>
          ))}
        </nav>
      </PageHeader>

      {silent.length ? (
        <div className="mb-6 space-y-2" data-testid="vote-site-warnings">
          {silent.map((s) => (
            <p key={s.key} className="rounded border-2 border-blood bg-blood/15 px-4 py-3 text-red-100">
              <strong>Warning:</strong> {s.name} has sent no vote callback for more than {VOTE_SITE_SILENT_HOURS} hours (the last one came{" "}
              <LocalDateTime value={s.lastCallbackAt!} />
              ). Check the site&apos;s callback address and secret.
            </p>
          ))}
        </div>
      ) : null}

      <DashboardCounters counters={d.counters} />

      {/* Money: for the ranks that may use the payments area (the answer has no revenue for a moderator). */}
      {revenue ? (
        <DashboardSection
          id="revenue"
          title="Revenue"
          days={d.days}
          chart={{ unit: "cents", series: revenue.byProvider.map((p) => ({ label: p.label, values: p.netCents })) }}
          table={{
            caption: `Revenue per day in ${d.currency}, newest first: net per provider, then received, refunded, charged back and net in all.`,
            unit: "cents",
            currency: d.currency,
            columns: [
              ...revenue.byProvider.map((p) => ({ label: p.label, values: p.netCents })),
              { label: "Received", values: revenue.grossCents },
              { label: "Refunded", values: revenue.refundedCents },
              { label: "Charged back", values: revenue.chargedBackCents },
              { label: "Net", values: revenue.netCents },
            ],
          }}
        >
          <dl className="mb-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4" data-testid="revenue-totals">
            {(
              [
                ["Net", revenue.totals.netCents],
                ["Received", revenue.totals.grossCents],
                ["Refunded", revenue.totals.refundedCents],
                ["Charged back", revenue.totals.chargedBackCents],
              ] as const
            ).map(([label, cents]) => (
              <div key={label}>
                <dt className="text-sm text-stone-300">{label}</dt>
                <dd className="text-xl font-bold tabular-nums">{money(cents)}</dd>
              </div>
            ))}
          </dl>
          <p className="mb-3 text-sm text-stone-300">
            Net per provider: payments on the day they were paid, less refunds and chargebacks on the day they happened.{" "}
            {revenue.byProvider.length ? revenue.byProvider.map((p) => `${p.label} ${money(p.totalCents)}`).join(" · ") : "No payments in this period."}
          </p>
        </DashboardSection>
      ) : null}

      <DashboardSection
        id="credits-spent"
        title="Credits spent in the store"
        days={d.days}
        chart={{ unit: "count", kind: "bars", series: [{ label: "Credits spent", values: d.creditsSpent.perDay }] }}
        table={{ caption: "Credits spent in the store per day, newest first.", unit: "count", columns: [{ label: "Credits", values: d.creditsSpent.perDay }] }}
      >
        <p className="mb-3">
          <span className="text-xl font-bold tabular-nums">{count(d.creditsSpent.total)}</span> credits in {range} days.
        </p>
      </DashboardSection>

      <DashboardSection
        id="votes"
        title="Votes"
        days={d.days}
        chart={{ unit: "count", series: d.votes.sites.map((s) => ({ label: s.name, values: s.perDay })) }}
        table={{
          caption: "Counted votes per day and vote site, newest first.",
          unit: "count",
          columns: [...d.votes.sites.map((s) => ({ label: s.name, values: s.perDay })), { label: "All sites", values: d.votes.perDay }],
        }}
      >
        <p className="mb-2">
          <span className="text-xl font-bold tabular-nums">{count(d.votes.total)}</span> counted votes in {range} days.
        </p>
        <ul className="mb-3 space-y-1 text-sm" aria-label="Vote sites' latest callbacks">
          {d.votes.sites.map((s) => (
            <li key={s.key} data-testid={`vote-site-${s.key}`}>
              <strong>{s.name}</strong>: {count(s.total)} votes;{" "}
              {s.lastCallbackAt ? (
                <>
                  last callback <LocalDateTime value={s.lastCallbackAt} />
                </>
              ) : (
                "never called"
              )}
              {s.silent ? <strong className="ml-1 text-red-200">(silent for over {VOTE_SITE_SILENT_HOURS} hours)</strong> : null}
            </li>
          ))}
        </ul>
      </DashboardSection>

      <DashboardSection
        id="registrations"
        title="Registrations"
        days={d.days}
        chart={{ unit: "count", kind: "bars", series: [{ label: "New accounts", values: d.registrations.perDay }] }}
        table={{ caption: "New accounts per day, newest first.", unit: "count", columns: [{ label: "New accounts", values: d.registrations.perDay }] }}
      >
        <p className="mb-3">
          <span className="text-xl font-bold tabular-nums">{count(d.registrations.total)}</span> new accounts in {range} days.
        </p>
      </DashboardSection>

      <DashboardSection
        id="players-online"
        title="Players online"
        days={d.days}
        chart={{
          unit: "count",
          series: [
            { label: "Peak", values: online.peak },
            { label: "Average", values: online.average },
          ],
        }}
        table={{
          caption: "Players online per day from the five-minute samples, newest first: the day's peak and average (a dash: no sample that day).",
          unit: "count",
          columns: [
            { label: "Peak", values: online.peak },
            { label: "Average", values: online.average, unit: "decimal" },
          ],
        }}
      >
        <p className="mb-3">
          {online.latest ? (
            <>
              <span className="text-xl font-bold tabular-nums">{count(online.latest.playersOnline)}</span> online in {count(online.latest.worlds)}{" "}
              {online.latest.worlds === 1 ? "world" : "worlds"} at the last sample (<LocalDateTime value={online.latest.at} />
              ).
            </>
          ) : (
            "No sample yet: the players-online job records one every five minutes once the game reports."
          )}
        </p>
      </DashboardSection>
    </>
  );
}
