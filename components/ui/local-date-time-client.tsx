"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime12, formatExactDateTime, formatForumDateTime, formatLongDateTime } from "@/lib/format/dates";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => "UTC";

/**
 * "MM/DD/YYYY hh:mm A" (or with `long`, "March 7, 2024 at 2:05 PM"; with `forum`, the forums'
 * 24-hour "MM/DD/YYYY HH:mm") in the reader's time zone (UTC in the server render, then local).
 * The visible formats are docs/product.md's and name no zone, so the element carries the exact
 * moment: `datetime` for machines, and a `title` with seconds, offset and zone for people.
 */
export function LocalDateTime({ value, className, long = false, forum = false }: { value: string; className?: string; long?: boolean; forum?: boolean }) {
  const zone = useSyncExternalStore(subscribe, browserZone, serverZone);
  return (
    <time dateTime={value} className={className} title={formatExactDateTime(value, zone)}>
      {forum ? formatForumDateTime(value, zone) : long ? formatLongDateTime(value, zone) : formatDateTime12(value, zone)}
    </time>
  );
}
