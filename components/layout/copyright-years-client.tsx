"use client";

import { useSyncExternalStore } from "react";

// The footer's copyright span ends at the visitor's current year. Prerendered pages carry the
// year of the build; after hydration this island swaps in the year the browser reports, so a
// site built in December does not show last year in January. Without JavaScript the build's
// year stays, which is the best the static HTML can do.

/** "2024–2027", or just "2024" while the start year is the current one. */
export function copyrightSpan(startYear: number, year: number): string {
  return year > startYear ? `${startYear}–${year}` : String(startYear);
}

// The year never needs a live update while a page is open: nothing to subscribe to.
const subscribe = () => () => {};
const browserYear = () => new Date().getFullYear();

export function CopyrightYears({ startYear, renderedYear }: { startYear: number; renderedYear: number }) {
  // Hydration uses the server's year (no mismatch), then React re-renders with the browser's.
  const year = useSyncExternalStore(subscribe, browserYear, () => renderedYear);
  return <>{copyrightSpan(startYear, year)}</>;
}
