"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime12, formatLongDateTime } from "@/lib/format/dates";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => "UTC";

/**
 * "MM/DD/YYYY hh:mm A" (or with `long`, "March 7, 2024 at 2:05 PM") in the reader's time zone
 * (UTC in the server render, then local).
 */
export function LocalDateTime({ value, className, long = false }: { value: string; className?: string; long?: boolean }) {
  const zone = useSyncExternalStore(subscribe, browserZone, serverZone);
  return (
    <time dateTime={value} className={className} title={zone}>
      {long ? formatLongDateTime(value, zone) : formatDateTime12(value, zone)}
    </time>
  );
}
