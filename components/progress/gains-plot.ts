import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

// uPlot drawing a player's gains chart. Only gains-chart-client.tsx loads this module, with
// import() once the chart is on screen, so the library and its stylesheet are a chunk of their
// own that only the gains tab fetches (scripts/bundle-sizes.mjs --find=uPlot checks). uPlot draws
// on a canvas and sets element styles through the DOM, which the Content-Security-Policy allows.

export type GainsPlotSpec = {
  /** Unix seconds. */
  xs: readonly number[];
  /** One line each (a player's gains; a competition's leaders), values at xs. */
  series: readonly { label: string; ys: readonly number[] }[];
  /** "XP" or "" (an activity's score). */
  unit: string;
  /** The server's time zone: the axis reads like the tables beside it. */
  timeZone: string;
  height: number;
};

const AXIS = { stroke: "#d6cdb8", grid: { stroke: "rgb(255 255 255 / 0.08)", width: 1 }, ticks: { stroke: "rgb(255 255 255 / 0.15)", width: 1 } };
const GOLD = "#f5cf6a";
/** Lines after the first: told apart by colour and dash, each readable on the dark panel. */
const OTHERS = [
  { stroke: "#7dd3fc", dash: [6, 4] },
  { stroke: "#f0abfc", dash: [2, 3] },
  { stroke: "#86efac", dash: [10, 4] },
  { stroke: "#fdba74", dash: [4, 2, 1, 2] },
];

/** 1.2M, 350k, 4.6B: the axis has room for a few characters. */
export function compactValue(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e9) return `${+(v / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${+(v / 1e6).toFixed(2)}M`;
  if (abs >= 1e4) return `${+(v / 1e3).toFixed(1)}k`;
  return v.toLocaleString("en-US");
}

/** Draws the chart into `el`, follows its width, and answers a function that removes it. */
export function drawGainsPlot(el: HTMLElement, spec: GainsPlotSpec): () => void {
  const exact = (v: number) => `${v.toLocaleString("en-US")}${spec.unit ? ` ${spec.unit}` : ""}`;
  const opts: uPlot.Options = {
    width: Math.max(el.clientWidth, 200),
    height: spec.height,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), spec.timeZone),
    scales: {
      x: { time: true },
      // A flat line (nothing gained) sits in the middle instead of on an axis of zeros.
      y: { range: (_u, lo, hi) => (lo === hi ? [Math.max(0, lo - 1), hi + 1] : [Math.max(0, lo - (hi - lo) * 0.05), hi + (hi - lo) * 0.05]) },
    },
    axes: [AXIS, { ...AXIS, size: 60, values: (_u, splits) => splits.map(compactValue) }],
    series: [
      { value: (_u, v) => (v == null ? "" : new Date(v * 1000).toLocaleString("en-US", { timeZone: spec.timeZone, dateStyle: "medium", timeStyle: "short" })) },
      ...spec.series.map((line, i) => ({
        label: line.label,
        stroke: i === 0 ? GOLD : OTHERS[(i - 1) % OTHERS.length]!.stroke,
        dash: i === 0 ? undefined : OTHERS[(i - 1) % OTHERS.length]!.dash,
        width: 2,
        // One line is filled beneath; several stay lines, so none hides another.
        fill: spec.series.length === 1 ? "rgb(245 207 106 / 0.12)" : undefined,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => (v == null ? "–" : exact(v)),
      })),
    ],
    cursor: { drag: { x: false, y: false } },
    legend: { show: true, live: true },
  };
  const plot = new uPlot(opts, [[...spec.xs], ...spec.series.map((line) => [...line.ys])], el);
  const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: spec.height }));
  observer.observe(el);
  return () => {
    observer.disconnect();
    plot.destroy();
  };
}
