"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";

// The gains tab's chart. Only the gains page imports this component, and it loads the charting
// library with import() after the page has rendered: uPlot is a chunk of its own, fetched by
// this tab alone, and no other page's first load grows (docs/performance.md, "First-load
// JavaScript"). The chart is a picture for sighted readers: the sentence and the table beside it
// (rendered on the server) carry the same figures, with or without JavaScript.

const subscribe = () => () => {};

export function GainsChart({
  xs,
  series,
  unit,
  timeZone,
  height = 260,
}: {
  xs: readonly number[];
  /** One line each, values at xs (the first is gold and filled when alone). */
  series: readonly { label: string; ys: readonly number[] }[];
  unit: string;
  timeZone: string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  // False in the server's HTML, true once hydrated.
  const scripted = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let remove: (() => void) | undefined;
    let gone = false;
    import("./gains-plot").then(
      ({ drawGainsPlot }) => {
        if (gone) return;
        remove = drawGainsPlot(el, { xs, series, unit, timeZone, height });
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
  }, [xs, series, unit, timeZone, height]);

  return (
    <div className="min-w-0" style={{ minHeight: height }} data-testid="gains-chart" data-state={state}>
      <div ref={box} aria-hidden="true" className="w-full" />
      {/* Without JavaScript the page says so; "Loading…" is only shown where a script will end it. */}
      <noscript>
        <p className="flex items-center justify-center text-center text-sm text-stone-300" style={{ minHeight: height }}>
          The chart needs JavaScript: its figures are in the table below.
        </p>
      </noscript>
      {scripted && state !== "ready" ? (
        <p className="flex items-center justify-center text-center text-sm text-stone-300" style={{ minHeight: height }}>
          {state === "loading" ? "Loading the chart…" : "The chart could not be loaded: its figures are in the table below."}
        </p>
      ) : null}
    </div>
  );
}
