import type { ReactNode } from "react";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { type ChartSeries, DashboardChart } from "./dashboard-chart-client";

// A section of the staff dashboard: heading, headline figures, the chart, and the same figures
// as a real table behind "Show the figures" (what a screen reader or a keyboard user reads, and
// where exact amounts are; a card per day on a narrow screen). Rendered on the server; only the chart is a client component.

export type FigureColumn = { label: string; values: ReadonlyArray<number | null>; unit?: "cents" | "count" | "decimal" };

export function formatFigure(unit: "cents" | "count" | "decimal", v: number | null, currency = "USD"): string {
  if (v === null) return "–";
  if (unit === "cents") return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(v / 100);
  return v.toLocaleString("en-US", unit === "decimal" ? { minimumFractionDigits: 1, maximumFractionDigits: 1 } : undefined);
}

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
        <ResponsiveTable
          className="mt-2"
          caption={table.caption}
          showCaption
          columns={[{ label: "Day (UTC)", className: "whitespace-nowrap" }, ...table.columns.map((c) => ({ label: c.label, numeric: true }))]}
          rowHeader={0}
          // A day and one or two figures fit anywhere; revenue's many providers need the room of a wide screen.
          wide={table.columns.length > 3 ? "3xl" : "xl"}
          rows={order.map((i) => ({
            key: days[i]!,
            cells: [days[i], ...table.columns.map((c) => formatFigure(c.unit ?? table.unit, c.values[i] ?? null, table.currency))],
          }))}
        />
      </details>
    </section>
  );
}
