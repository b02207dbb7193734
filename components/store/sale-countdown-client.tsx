"use client";

import { useEffect, useState } from "react";

/** "2d 4h", "3h 12m", "5m", "under a minute": the time left until `end`. */
export function timeLeft(end: number, now: number): string {
  const ms = end - now;
  if (ms <= 0) return "now";
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return minutes > 0 ? `${mins}m` : "under a minute";
}

/**
 * "Sale ends in 2d 4h" for a sale in force, ticking every 30 s. The store's products arrive from the
 * API in the browser, so the first render already has the browser's clock.
 */
export function SaleCountdown({ endsAt }: { endsAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  const end = Date.parse(endsAt);
  return (
    <span className="text-xs text-ember" data-testid="sale-countdown">
      {end <= now ? "Sale ended" : `Sale ends in ${timeLeft(end, now)}`}
    </span>
  );
}
