import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

// uPlot (about 50 kB) drawing one staff dashboard chart. Only dashboard-chart-client.tsx loads
// this module, with import() once the chart is on screen, so the library and its stylesheet are
// a chunk of their own that no page loads up front: scripts/bundle-sizes.mjs --find=uPlot checks.
// uPlot draws on a canvas and sets element styles through the DOM (el.style), which the
// Content-Security-Policy allows; it uses no eval and adds no <style> element.

export type PlotSpec = {
  /** UTC days, YYYY-MM-DD, oldest first. */
  days: readonly string[];
  series: ReadonlyArray<{ label: string; values: ReadonlyArray<number | null>; color: string }>;
  unit: "cents" | "count";
  kind: "line" | "bars";
  height: number;
};

const AXIS = { stroke: "#d6cdb8", grid: { stroke: "rgb(255 255 255 / 0.08)", width: 1 }, ticks: { stroke: "rgb(255 255 255 / 0.15)", width: 1 } };

export function formatValue(unit: PlotSpec["unit"], v: number): string {
  return unit === "cents" ? `$${(v / 100).toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}` : v.toLocaleString("en-US");
}

/** Draws the chart into `el`, follows its width, and answers a function that removes it. */
export function drawPlot(el: HTMLElement, spec: PlotSpec): () => void {
  const fmt = (v: number) => formatValue(spec.unit, v);
  const xs = spec.days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
  const bars = spec.kind === "bars" ? uPlot.paths.bars!({ size: [0.7, 24] }) : undefined;
  const opts: uPlot.Options = {
    width: Math.max(el.clientWidth, 200),
    height: spec.height,
    // The days are UTC days: label them so, whatever the reader's time zone.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
    scales: { x: { time: true } },
    axes: [AXIS, { ...AXIS, size: spec.unit === "cents" ? 64 : 48, values: (_u, splits) => splits.map(fmt) }],
    series: [
      { value: (_u, v) => (v == null ? "" : new Date(v * 1000).toISOString().slice(0, 10)) },
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        fill: bars ? `${s.color}b3` : undefined,
        paths: bars,
        points: { show: !bars && spec.days.length <= 31 },
        value: (_u: uPlot, v: number | null) => (v == null ? "–" : fmt(v)),
      })),
    ],
    // Hovering shows the day's values in the legend; no drag-to-zoom (a page scroll on a phone).
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
  };
  const data = [xs, ...spec.series.map((s) => [...s.values])] as uPlot.AlignedData;
  const plot = new uPlot(opts, data, el);
  const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: spec.height }));
  observer.observe(el);
  return () => {
    observer.disconnect();
    plot.destroy();
  };
}
