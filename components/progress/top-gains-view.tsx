import Link from "next/link";
import { Suspense } from "react";
import { HiscoresSections } from "@/components/hiscores/hiscores-sections";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TableHead } from "@/components/ui/table-head";
import type { TGameMode, TXpMode } from "@/lib/hiscores";
import { isSkillMetric, metricName } from "@/lib/progress/metrics";
import { PERIOD_LABEL, PERIODS, type Period } from "@/lib/progress/periods";
import { playerTabHref, topGainsHref } from "@/lib/progress/urls";
import { listTopGains } from "@/lib/server/progress/gains";
import { TOP_GAINS_KEEP, topGainsRefreshedAt } from "@/lib/server/progress/refresh-gains";
import { BoardFilters } from "./board-filters";
import { BoardLoading } from "./board-loading";
import { ListPager } from "./list-pager";
import { ProgressTime } from "./progress-time";

// /hiscores/gains (docs/progress.md, "Gains"): who gained most in a period, one metric and
// ladder at a time, 25 a page, as the refresh-gains job last built it.

export const NO_TOP_GAINS_TEXT = "No gains in this period yet.";

const fmt = new Intl.NumberFormat("en-US");

type Query = { period: Period; metric: number; mode: TGameMode; xp: TXpMode; page: number };

async function TopGainsTable(q: Query) {
  const [{ results, hasNext }, refreshed] = await Promise.all([listTopGains(q), topGainsRefreshedAt(q.period)]);
  const unit = isSkillMetric(q.metric) ? "XP" : "Score";
  const columns = [
    { label: "Rank", className: "px-2 py-2" },
    { label: "Player", className: "px-2 py-2" },
    { label: "Gained", className: "px-2 py-2 text-right" },
    { label: unit === "XP" ? "XP now" : "Now", className: "hidden px-2 py-2 text-right sm:table-cell" },
  ];
  return (
    <div data-testid="top-gains">
      <p className="mb-3 text-sm text-stone-300" data-testid="refreshed-at">
        {refreshed ? (
          <>
            Refreshed at <ProgressTime value={refreshed.at.toISOString()} />
            {refreshed.from ? (
              <>
                , counting from <ProgressTime value={refreshed.from.toISOString()} />
              </>
            ) : null}
            . Rebuilt every five minutes; the best {fmt.format(TOP_GAINS_KEEP)} are kept.
          </>
        ) : (
          "Not built yet: the list is rebuilt every five minutes."
        )}
      </p>
      {results.length === 0 ? (
        <p className="py-8 text-center text-stone-300">{NO_TOP_GAINS_TEXT}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm sm:text-base">
            <TableHead columns={columns} />
            <tbody>
              {results.map((r) => (
                <tr key={r.id} className="border-b border-stone-800" data-rank={r.rank}>
                  <td className="px-2 py-2 tabular-nums">{fmt.format(r.rank)}</td>
                  <td className="px-2 py-2 break-all">
                    <Link href={playerTabHref(r.username, "gains", { period: q.period, metric: q.metric })}>{r.username}</Link>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">+{fmt.format(r.gained)}</td>
                  <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">{fmt.format(r.end)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPager label="Top gainers pages" page={q.page} hasNext={hasNext} href={(page) => topGainsHref({ ...q, page })} />
    </div>
  );
}

export function TopGainsView(q: Query) {
  return (
    <>
      <PageHeader
        title="Top gainers"
        subtitle="Who gained the most in a skill or activity over a day, a week, a month or a year: from the game's own reports, exact to the hour."
      />
      <HiscoresSections current="gains" mode={q.mode} xp={q.xp} />
      <Panel>
        <div className="mb-4">
          <BoardFilters action="/hiscores/gains" label="Top gainers filters" periods={PERIODS} period={q.period} metric={q.metric} mode={q.mode} xp={q.xp} />
        </div>
        <h2 className="mb-2 text-2xl text-gold">
          {metricName(q.metric)}: {PERIOD_LABEL[q.period].toLowerCase()}
        </h2>
        <Suspense key={`${q.period}-${q.metric}-${q.mode}-${q.xp}-${q.page}`} fallback={<BoardLoading what="top gainers" />}>
          <TopGainsTable {...q} />
        </Suspense>
      </Panel>
    </>
  );
}
