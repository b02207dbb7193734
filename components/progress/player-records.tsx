import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import type { TGameMode, TXpMode } from "@/lib/hiscores";
import { isSkillMetric, metricBySlug } from "@/lib/progress/metrics";
import { PERIOD_LABEL, ROLLING_PERIODS } from "@/lib/progress/periods";
import { recordsHref } from "@/lib/progress/urls";
import type { PlayerRecords } from "@/lib/server/progress/gains";
import { RecordWindow } from "./record-window";

// The Records tab (docs/progress.md, "Records"): the player's greatest gain in each period and
// metric, with the window it was made in, linked to that board.

export const NO_RECORDS_TEXT = "No records yet: they are counted from each finished hour of play.";

const fmt = new Intl.NumberFormat("en-US");

export function PlayerRecordsView({ data, mode, xp }: { data: PlayerRecords; mode: TGameMode; xp: TXpMode }) {
  const byMetric = new Map<string, PlayerRecords["results"]>();
  for (const r of data.results) byMetric.set(r.metric, [...(byMetric.get(r.metric) ?? []), r]);
  const order = (slug: string) => metricBySlug(slug) ?? 0;
  const metrics = [...byMetric.keys()].sort((a, b) => order(a) - order(b));
  return (
    <Panel aria-labelledby="records-heading">
      <h2 id="records-heading" className="mb-2 text-2xl text-gold">
        Records
      </h2>
      <p className="mb-4 text-sm text-stone-300">The most {data.username} ever gained in a day, a week, a month and a year, and when.</p>
      {metrics.length === 0 ? (
        <p className="py-6 text-center text-stone-300">{NO_RECORDS_TEXT}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {metrics.map((slug) => {
            const rows = [...byMetric.get(slug)!].sort((a, b) => ROLLING_PERIODS.indexOf(a.period) - ROLLING_PERIODS.indexOf(b.period));
            const id = order(slug);
            const unit = isSkillMetric(id) ? " XP" : "";
            return (
              <li key={slug} className="rounded border border-stone-800 bg-stone-950/40 p-3" data-metric={slug}>
                <h3 className="mb-2 text-lg text-gold-bright">{rows[0]!.name}</h3>
                <dl className="space-y-2 text-sm">
                  {rows.map((r) => (
                    <div key={r.period} className="grid grid-cols-[4.5rem_1fr] gap-x-2">
                      <dt className="text-stone-300">{PERIOD_LABEL[r.period]}</dt>
                      <dd className="min-w-0">
                        <Link href={recordsHref({ period: r.period, metric: id, mode, xp })} className="tabular-nums">
                          +{fmt.format(r.gained)}
                          {unit}
                          <span className="sr-only">: see the {PERIOD_LABEL[r.period].toLowerCase()} records board</span>
                        </Link>
                        <span className="block text-xs text-stone-300">
                          <RecordWindow from={r.from} to={r.to} />
                        </span>
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
