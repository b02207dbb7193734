import type { ReactNode } from "react";
import { type ChartSeries, DashboardChart } from "./dashboard-chart-client";

// A section of the staff dashboard: heading, headline figures, the chart, and the same figures
// as a real table behind "Show the figures" (what a screen reader or a keyboard user reads, and
// where exact amounts are). Rendered on the server; only the chart is a client component.

export type FigureColumn = { label: string; values: ReadonlyArray<number | null>; unit?: "cents" | "count" | "decimal" };

export function formatFigure(unit: "cents" | "count" | "decimal", v: number | null, currency = "USD"): string {
  if (v === null) return "–";
  if (unit === "cents") return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(v / 100);
  return v.toLocaleString("en-US", unit === "decimal" ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : undefined);
}

const num = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";

export function DashboardSection(props: {
  id: string;
  title: string;
  /** Headline figures and notes above the chart. */
  children?: ReactNode;
  days: readonly string[];
  chart: { series: readonly ChartSeries[]; unit: "cents" | "count"; kind?: "line" | "bars" };
  table: { caption: string; columns: readonly FigureColumn[]; unit: "cents" | "count" | "decimal"; currency?: string };
}) {
  const { id, title, days, chart, table } = props;
  // Newest day first: what staff look for is usually today and yesterday.
  const order = days.map((_, i) => days.length - 1 - i);
  return (
    <section aria-labelledby={id} className="panel mb-6 min-w-0 p-4" data-testid={`dashboard-${id}`}>
      <h2 id={id} className="mb-3 text-2xl text-gold">
        {title}
      </h2>
      {props.children}
      <DashboardChart days={days} series={chart.series} unit={chart.unit} kind={chart.kind} />
      <details className="mt-3">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-gold hover:text-gold-bright">
          Show the figures<span className="sr-only">: {title.toLowerCase()} per day</span>
        </summary>
        {/* Focusable, so keyboard users can scroll a wide table on a narrow screen. */}
        <div className="mt-2 max-w-full overflow-x-auto" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption id={`${id}-caption`} className="mb-2 text-left text-stone-300">
              {table.caption}
            </caption>
            <thead className="border-b-2 border-stone-700 text-stone-300">
              <tr>
                <th scope="col" className="px-2 py-1.5">
                  Day (UTC)
                </th>
                {table.columns.map((c) => (
                  <th key={c.label} scope="col" className={num}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {order.map((i) => (
                <tr key={days[i]} className="border-b border-stone-800">
                  <th scope="row" className="px-2 py-1.5 font-normal whitespace-nowrap text-stone-100">
                    {days[i]}
                  </th>
                  {table.columns.map((c) => (
                    <td key={c.label} className={num}>
                      {formatFigure(c.unit ?? table.unit, c.values[i] ?? null, table.currency)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
