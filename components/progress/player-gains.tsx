import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { TableHead } from "@/components/ui/table-head";
import { chartLine, chartTable } from "@/lib/progress/chart";
import { progressConfig } from "@/lib/progress/config";
import { isSkillMetric, metricBySlug } from "@/lib/progress/metrics";
import { PERIOD_LABEL, PERIODS, type Period } from "@/lib/progress/periods";
import { playerTabHref } from "@/lib/progress/urls";
import type { GainSeries, PlayerGains } from "@/lib/server/progress/gains";
import { FilterForm, FilterSelect, metricGroupsOf } from "./filter-form";
import { GainsChart } from "./gains-chart-client";
import { PeriodNav } from "./period-nav";
import { ProgressTime } from "./progress-time";

// The Gains tab (docs/progress.md, "Pages"): a period picker, the chart of one metric over the
// period with its figures as text, and every metric's start, end and gain.

const fmt = new Intl.NumberFormat("en-US");
const signed = (n: number) => (n > 0 ? `+${fmt.format(n)}` : "0");

export const NO_GAINS_TEXT = "No gains in this period yet.";

type Row = PlayerGains["results"][number] & { id: number };

/** Overall first, then what was gained most, then the rest in the hiscores' order. */
export function sortGains(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => (a.id === 0 ? -1 : b.id === 0 ? 1 : b.gained - a.gained || a.id - b.id));
}

const SKILL_COLUMNS = [
  { label: "Skill", className: "px-1.5 py-2 sm:px-2" },
  { label: "Level", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Start XP", className: "hidden px-1.5 py-2 sm:table-cell sm:px-2 text-right" },
  { label: "XP now", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Gained", className: "px-1.5 py-2 sm:px-2 text-right" },
];
const ACTIVITY_COLUMNS = [
  { label: "Activity", className: "px-1.5 py-2 sm:px-2" },
  { label: "Start", className: "hidden px-1.5 py-2 sm:table-cell sm:px-2 text-right" },
  { label: "Now", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Gained", className: "px-1.5 py-2 sm:px-2 text-right" },
];

function Levels({ r }: { r: Row }) {
  if (r.start_level === null || r.end_level === null) return <>–</>;
  if (r.start_level === r.end_level) return <>{r.end_level}</>;
  return (
    <>
      {r.start_level}
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> to </span>
      {r.end_level}
    </>
  );
}

function GainsTable({
  caption,
  rows,
  skills,
  period,
  username,
  metric,
}: {
  caption: string;
  rows: Row[];
  skills: boolean;
  period: Period;
  username: string;
  metric: number;
}) {
  const cell = "px-1.5 py-2 sm:px-2";
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs min-[400px]:text-sm sm:text-base">
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={skills ? SKILL_COLUMNS : ACTIVITY_COLUMNS} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.metric} className={`border-b border-stone-800 ${r.gained > 0 ? "" : "text-stone-400"}`} data-metric={r.metric}>
              <td className={cell}>
                <Link
                  href={`${playerTabHref(username, "gains", { period, metric: r.id })}#chart`}
                  aria-current={r.id === metric ? "true" : undefined}
                  className={r.id === metric ? "font-semibold text-gold-bright" : undefined}
                >
                  {r.name}
                </Link>
              </td>
              {skills ? (
                <td className={`${cell} text-right tabular-nums`}>
                  <Levels r={r} />
                </td>
              ) : null}
              <td className={`hidden ${cell} text-right tabular-nums sm:table-cell`}>{fmt.format(r.start)}</td>
              <td className={`${cell} text-right tabular-nums`}>{fmt.format(r.end)}</td>
              <td className={`${cell} text-right tabular-nums ${r.gained > 0 ? "text-gold-bright" : ""}`}>{signed(r.gained)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The series as the chart shows it. A metric whose value has not moved since before the player's
 * history began has no history row at all, and its series reads 0 throughout: a series that does
 * not move is the metric's value now (`end`, from the gains table), whatever it reads.
 */
export function seriesPoints(series: GainSeries, end: number | undefined): GainSeries["points"] {
  const flat = series.points.every((p) => p.value === series.points[0]!.value);
  return flat && end !== undefined ? series.points.map((p) => ({ ...p, value: end })) : series.points;
}

function ChartSection({
  series,
  metric,
  period,
  username,
  metricIds,
  end,
}: {
  series: GainSeries;
  metric: number;
  period: Period;
  username: string;
  metricIds: Set<number>;
  end: number | undefined;
}) {
  const unit = isSkillMetric(metric) ? "XP" : "";
  const points = seriesPoints(series, end);
  const first = points[0]!;
  const last = points.at(-1)!;
  const gained = Math.max(0, last.value - Math.max(first.value, 0));
  const { xs, ys } = chartLine(points);
  const rows = chartTable(points, progressConfig.timeZone);
  const withUnit = (n: number) => `${fmt.format(n)}${unit ? ` ${unit}` : ""}`;
  return (
    <Panel id="chart" aria-labelledby="chart-heading" className="scroll-mt-4">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <h2 id="chart-heading" className="text-2xl text-gold">
          {series.name}: {PERIOD_LABEL[period].toLowerCase()}
        </h2>
        <FilterForm action={playerTabHref(username, "gains")} label="Chart metric">
          {period !== "week" ? <input type="hidden" name="period" value={period} /> : null}
          <FilterSelect id="chart-metric" label="Metric" name="metric" value={series.metric} groups={metricGroupsOf(new Set([...metricIds, metric]))} />
        </FilterForm>
      </div>
      <p className="mb-3 text-stone-200" data-testid="chart-summary">
        {series.name}: {withUnit(first.value)} to {withUnit(last.value)}, {gained > 0 ? `${signed(gained)} gained` : "nothing gained"}, between{" "}
        <ProgressTime value={series.from} /> and <ProgressTime value={last.at} />.
      </p>
      <figure>
        <GainsChart xs={xs} series={[{ label: series.name, ys }]} unit={unit} timeZone={progressConfig.timeZone} />
        <figcaption className="sr-only">A line chart of {series.name} over the period; its figures are in the table that follows.</figcaption>
      </figure>
      <details className="mt-3">
        <summary className="cursor-pointer text-stone-200">The chart&apos;s figures as a table</summary>
        <div className="mt-2 max-h-96 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {series.name} over the period{rows.length < points.length ? ", the last value of each day" : ""}
            </caption>
            <TableHead
              columns={[
                { label: "Time", className: "px-2 py-1" },
                { label: unit ? "Experience" : "Score", className: "px-2 py-1 text-right" },
              ]}
            />
            <tbody>
              {rows.map((p, i) => (
                <tr key={`${p.at}-${i}`} className="border-b border-stone-800">
                  <td className="px-2 py-1">
                    <ProgressTime value={p.at} />
                  </td>
                  <td className="px-2 py-1 text-right tabular-nums">{fmt.format(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Panel>
  );
}

export function PlayerGainsView({ gains, series, metric }: { gains: PlayerGains; series: GainSeries; metric: number }) {
  const period = gains.period;
  const rows = gains.results.flatMap((r) => {
    const id = metricBySlug(r.metric);
    return id === null ? [] : [{ ...r, id }];
  });
  const skills = sortGains(rows.filter((r) => isSkillMetric(r.id)));
  const activities = sortGains(rows.filter((r) => !isSkillMetric(r.id)));
  const anyGain = rows.some((r) => r.gained > 0);
  return (
    <div className="space-y-6">
      <Panel aria-labelledby="period-heading">
        <h2 id="period-heading" className="sr-only">
          Period
        </h2>
        <PeriodNav
          label="Gains period"
          periods={PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))}
          current={period}
          href={(p) => playerTabHref(gains.username, "gains", { period: p, metric })}
        />
        <p className="mt-3 text-sm text-stone-300">
          From <ProgressTime value={gains.from} /> to <ProgressTime value={gains.to} />. Exact to the hour: the game reports every change.
        </p>
      </Panel>
      <ChartSection
        series={series}
        metric={metric}
        period={period}
        username={gains.username}
        metricIds={new Set(rows.map((r) => r.id))}
        end={rows.find((r) => r.id === metric)?.end}
      />
      <Panel aria-labelledby="gains-skills-heading">
        <h2 id="gains-skills-heading" className="mb-3 text-2xl text-gold">
          Skills
        </h2>
        {anyGain ? null : <p className="mb-3 text-stone-300">{NO_GAINS_TEXT}</p>}
        <GainsTable
          caption="Skills: level, experience at the start and now, and experience gained"
          rows={skills}
          skills
          period={period}
          username={gains.username}
          metric={metric}
        />
      </Panel>
      {activities.length > 0 ? (
        <Panel aria-labelledby="gains-activities-heading">
          <h2 id="gains-activities-heading" className="mb-3 text-2xl text-gold">
            Bosses, clues and activities
          </h2>
          <GainsTable
            caption="Activities: score at the start and now, and score gained"
            rows={activities}
            skills={false}
            period={period}
            username={gains.username}
            metric={metric}
          />
        </Panel>
      ) : null}
    </div>
  );
}
