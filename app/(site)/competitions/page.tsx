import type { Metadata } from "next";
import Link from "next/link";
import { CompetitionWindow, kindText, metricsText, StatusBadge } from "@/components/competitions/competition-facts";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { PeriodNav } from "@/components/progress/period-nav";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { COMPETITIONS_PAGE_SIZE, STATUSES, type TListStatus } from "@/lib/competitions/rules";
import { clampHiscoresPage } from "@/lib/hiscores";
import { listCompetitions } from "@/lib/server/competitions/list-competitions";

export const metadata: Metadata = { title: "Competitions" };

type SearchParams = Record<string, string | string[] | undefined>;

const STATUS_LABEL: Record<TListStatus, string> = { ongoing: "Ongoing", upcoming: "Upcoming", finished: "Finished" };
const EMPTY: Record<TListStatus, string> = {
  ongoing: "No competition is running right now.",
  upcoming: "No competition is planned yet.",
  finished: "No competition has finished yet.",
};
const ORDER: TListStatus[] = ["ongoing", "upcoming", "finished"];

const readStatus = (v: string | undefined): TListStatus => ((STATUSES as readonly string[]).includes(v ?? "") ? (v as TListStatus) : "ongoing");
const href = (status: TListStatus) => (status === "ongoing" ? "/competitions" : `/competitions?status=${status}`);

// /competitions?status=&page=: the competitions that run now (default), are planned, or have
// finished, 25 a page (docs/competitions.md). Rendered per request; an unknown status reads as
// ongoing, like the API's default.
export default async function CompetitionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const q = await searchParams;
  const status = readStatus(firstParam(q, "status"));
  const page = clampHiscoresPage(firstParam(q, "page"));
  const { results, total } = await listCompetitions(status, page);
  return (
    <>
      <PageHeader
        title="Competitions"
        subtitle="Skill of the Week, Boss of the Week and every race staff set up: counted exactly from what the game reports, the moment it happens."
      />
      <PeriodNav label="Competitions shown" periods={ORDER.map((s) => ({ value: s, label: STATUS_LABEL[s] }))} current={status} href={href} />
      <h2 className="sr-only">{STATUS_LABEL[status]} competitions</h2>
      {results.length === 0 ? (
        <p className="panel mt-6 p-6 text-center text-stone-300">{EMPTY[status]}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" data-testid="competition-list">
          {results.map((c) => (
            <li key={c.id} className="panel min-w-0 p-4" data-competition={c.id}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 text-xl break-words text-gold">
                  <Link href={`/competitions/${c.id}`}>{c.title}</Link>
                </h3>
                <StatusBadge status={c.status} />
              </div>
              <p className="mt-2 text-stone-200">{metricsText(c)}</p>
              <p className="mt-1 text-sm text-stone-300">{kindText(c)}</p>
              <p className="mt-1 text-sm text-stone-300">
                <CompetitionWindow c={c} />
              </p>
              {c.prizes.length > 0 ? (
                <p className="mt-1 text-sm text-stone-300">Prizes for the first {c.prizes.length === 1 ? "place" : `${c.prizes.length} places`}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager
        basePath="/competitions"
        query={{ status: status === "ongoing" ? undefined : status }}
        page={page}
        hasNext={page * COMPETITIONS_PAGE_SIZE < total}
      />
    </>
  );
}
