import { GainsChart } from "@/components/progress/gains-chart-client";
import type { CompetitionChart } from "@/lib/competitions/chart";
import { progressConfig } from "@/lib/progress/config";

/**
 * The leaders' scores over the competition, one line each; the chart library loads only on a
 * competition's page (gains-chart-client.tsx). The standings table below carries the figures.
 */
export function StandingsChart({ chart, unit }: { chart: CompetitionChart; unit: string }) {
  const names = chart.series.map((s) => s.username);
  return (
    <figure className="panel min-w-0 p-4 sm:p-6" data-testid="standings-chart">
      <h2 className="mb-3 text-2xl text-gold">The leaders over time</h2>
      <GainsChart xs={chart.xs} series={chart.series.map((s) => ({ label: s.username, ys: s.ys }))} unit={unit} timeZone={progressConfig.timeZone} />
      <figcaption className="mt-2 text-sm text-stone-300">
        Points of {names.length === 1 ? names[0] : `the first ${names.length}: ${names.join(", ")}`}, hour by hour since the start; exact scores are in the
        standings below.
      </figcaption>
    </figure>
  );
}
