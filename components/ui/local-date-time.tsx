"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime12 } from "@/lib/format/dates";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => "UTC";

/** "MM/DD/YYYY hh:mm A" in the reader's time zone (UTC in the server render, then local). */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const zone = useSyncExternalStore(subscribe, browserZone, serverZone);
  return (
    <time dateTime={value} className={className} title={zone}>
      {formatDateTime12(value, zone)}
    </time>
  );
}
