import Link from "next/link";
import { Suspense } from "react";
import { HiscoresSections } from "@/components/hiscores/hiscores-sections";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TableHead } from "@/components/ui/table-head";
import type { TGameMode, TXpMode } from "@/lib/hiscores";
import { isSkillMetric, metricName } from "@/lib/progress/metrics";
import { PERIOD_LABEL, ROLLING_PERIODS, type RollingPeriod } from "@/lib/progress/periods";
import { playerTabHref, recordsHref } from "@/lib/progress/urls";
import { listRecords } from "@/lib/server/progress/gains";
import { BoardFilters } from "./board-filters";
import { BoardLoading } from "./board-loading";
import { ListPager } from "./list-pager";
import { RecordWindow } from "./record-window";

// /hiscores/records (docs/progress.md, "Records"): the greatest gain each player ever made in one
// period and metric, with the window it was made in, 25 a page.

export const NO_RECORDS_BOARD_TEXT = "No records for this yet.";

const fmt = new Intl.NumberFormat("en-US");

type Query = { period: RollingPeriod; metric: number; mode: TGameMode; xp: TXpMode; page: number };

async function RecordsTable(q: Query) {
  const { results, hasNext } = await listRecords(q);
  const columns = [
    { label: "Rank", className: "px-2 py-2" },
    { label: "Player", className: "px-2 py-2" },
    { label: isSkillMetric(q.metric) ? "XP gained" : "Gained", className: "px-2 py-2 text-right" },
    { label: "When", className: "hidden px-2 py-2 md:table-cell" },
  ];
  return (
    <div data-testid="records-board">
      {results.length === 0 ? (
        <p className="py-8 text-center text-stone-300">{NO_RECORDS_BOARD_TEXT}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm sm:text-base">
            <TableHead columns={columns} />
            <tbody>
              {results.map((r) => (
                <tr key={r.id} className="border-b border-stone-800 align-top" data-rank={r.rank}>
                  <td className="px-2 py-2 tabular-nums">{fmt.format(r.rank)}</td>
                  <td className="px-2 py-2 break-all">
                    <Link href={playerTabHref(r.username, "records")}>{r.username}</Link>
                    {/* On a phone the window goes under the name instead of its own column. */}
                    <span className="block text-xs break-normal text-stone-300 md:hidden">
                      <RecordWindow from={r.from} to={r.to} />
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">+{fmt.format(r.gained)}</td>
                  <td className="hidden px-2 py-2 text-sm text-stone-300 md:table-cell">
                    <RecordWindow from={r.from} to={r.to} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager label="Records pages" page={q.page} hasNext={hasNext} href={(page) => recordsHref({ ...q, page })} />
    </div>
  );
}

export function RecordsBoardView(q: Query) {
  return (
    <>
      <PageHeader
        title="Records"
        subtitle="The most anyone has gained in a skill or activity within a day, a week, a month or a year, and when: a record stands until someone beats it."
      />
      <HiscoresSections current="records" mode={q.mode} xp={q.xp} />
      <Panel>
        <div className="mb-4">
          <BoardFilters
            action="/hiscores/records"
            label="Records filters"
            periods={ROLLING_PERIODS}
            period={q.period}
            metric={q.metric}
            mode={q.mode}
            xp={q.xp}
          />
        </div>
        <h2 className="mb-2 text-2xl text-gold">
          {metricName(q.metric)}: best {PERIOD_LABEL[q.period].toLowerCase()}
        </h2>
        <p className="mb-3 text-sm text-stone-300">Counted from each finished hour; players on this ladder now.</p>
        <Suspense key={`${q.period}-${q.metric}-${q.mode}-${q.xp}-${q.page}`} fallback={<BoardLoading what="records" />}>
          <RecordsTable {...q} />
        </Suspense>
      </Panel>
    </>
  );
}
