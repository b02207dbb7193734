"use client";

import { useEffect, useRef, useState } from "react";
import type { PlotSpec } from "./dashboard-plot";

// One chart of the staff dashboard. The charting library is loaded here with import() after the
// page has rendered, so it is a separate chunk fetched only by pages that show a chart (the
// dashboard): no public page carries it. The chart is a picture for sighted readers; its figures
// are in the table beside it (DashboardFigures), which is what screen readers read.

/** Series colours that stay readable on the dark stone background (and from each other). */
export const CHART_COLORS = ["#f5cf6a", "#7cc0f0", "#9ad27a", "#f0957a", "#cfa6f0", "#e8e1cf"] as const;

export type ChartSeries = { label: string; values: ReadonlyArray<number | null> };

export function DashboardChart({
  days,
  series,
  unit,
  kind = "line",
  height = 220,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  unit: PlotSpec["unit"];
  kind?: PlotSpec["kind"];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let remove: (() => void) | undefined;
    let gone = false;
    import("./dashboard-plot").then(
      ({ drawPlot }) => {
        if (gone) return;
        remove = drawPlot(el, { days, series: series.map((s, i) => ({ ...s, color: CHART_COLORS[i % CHART_COLORS.length]! })), unit, kind, height });
        setState("ready");
      },
      () => {
        if (!gone) setState("failed");
      },
    );
    return () => {
      gone = true;
      remove?.();
    };
  }, [days, series, unit, kind, height]);

  return (
    <div aria-hidden="true" className="min-w-0" style={{ minHeight: height }}>
      <div ref={box} className="w-full" />
      {state !== "ready" ? (
        <p className="flex items-center justify-center text-sm text-stone-300" style={{ minHeight: height }}>
          {state === "loading" ? "Loading the chart…" : "The chart could not be loaded: the figures are in the table."}
        </p>
      ) : null}
    </div>
  );
}
