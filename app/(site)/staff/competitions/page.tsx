import type { Metadata } from "next";
import Link from "next/link";
import { CompetitionWindow, kindText, metricsText, StatusBadge } from "@/components/competitions/competition-facts";
import { CompetitionForm } from "@/components/staff/competition-form-client";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Panel } from "@/components/ui/panel";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { COMPETITIONS_PAGE_SIZE } from "@/lib/competitions/rules";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { listStaffCompetitions } from "@/lib/server/competitions/list-staff-competitions";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";

// The staff competitions area (docs/competitions.md, "Staff pages"): every competition, cancelled
// ones included, the latest start first, 25 a page, each with its public page and its staff
// page; and the form for a new one. Administrators and up, like the staff competitions API;
// anyone else gets the 404 page.
export const metadata: Metadata = { title: "Competitions", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffCompetitionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff("ADMINISTRATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/competitions"], await searchParams);
  const header = (
    <PageHeader
      title="Competitions"
      subtitle="Races over a window of time in one or more hiscore metrics. Edit one until a minute before its start; cancel it until its end. Every change is written to the audit log."
    >
      <a href="#new-competition" className="btn btn-gold">
        New competition
      </a>
      <Link href="/staff/competitions/schedules" className="btn btn-stone">
        Weekly schedules
      </Link>
    </PageHeader>
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        <InvalidQuery errors={parsed.errors} labels={{ page: "Page" }} />
      </>
    );
  }
  const { page } = parsed.query;
  const { results, total } = await listStaffCompetitions(page);
  return (
    <div className="space-y-8">
      <div>
        {header}
        <section aria-labelledby="competition-list-heading">
          <h2 id="competition-list-heading" className="mb-3 text-2xl text-gold">
            {total.toLocaleString("en-US")} {total === 1 ? "competition" : "competitions"}, the latest start first
          </h2>
          {results.length === 0 ? (
            <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">
              {page > 1 ? "No competitions on this page." : "No competitions yet. Make the first with the form below, or a weekly schedule."}
            </p>
          ) : (
            <ResponsiveTable
              caption="Competitions, the latest start first"
              testId="staff-competition-table"
              columns={[{ label: "Title" }, { label: "Status" }, { label: "Counts" }, { label: "When" }, { label: "Links", hideLabel: true }]}
              rowHeader={0}
              wide="4xl"
              rows={results.map((c) => ({
                key: c.id,
                attrs: { "data-competition": c.id },
                cells: [
                  <Link key="t" href={`/staff/competitions/${c.id}`} className="break-words">
                    {c.title}
                  </Link>,
                  <StatusBadge key="s" status={c.status} />,
                  <>
                    {metricsText(c)}
                    <span className="block text-stone-400">{kindText(c)}</span>
                  </>,
                  <CompetitionWindow key="w" c={c} />,
                  <Link key="p" href={`/competitions/${c.id}`}>
                    Public page<span className="sr-only"> of {c.title}</span>
                  </Link>,
                ],
              }))}
            />
          )}
          <Pager basePath="/staff/competitions" query={{}} page={page} hasNext={page * COMPETITIONS_PAGE_SIZE < total} />
        </section>
      </div>
      <Panel aria-labelledby="new-competition" className="scroll-mt-4">
        <h2 id="new-competition" className="mb-4 scroll-mt-4 text-2xl text-gold">
          New competition
        </h2>
        <CompetitionForm competition={null} />
      </Panel>
    </div>
  );
}
