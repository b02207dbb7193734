import { progressConfig } from "@/lib/progress/config";

// Times on the progress pages, rendered on the server in the server's time zone
// (progressConfig.timeZone, where calendar weeks and months begin): the same text for every
// reader, so a page can be kept by the guest page cache. A <time> carries the instant; its title
// the exact second.

const formats = new Map<string, Intl.DateTimeFormat>();
function format(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: progressConfig.timeZone, ...options });
    formats.set(key, f);
  }
  return f;
}

/** "Nov 28, 2026" */
export const shortDate = (iso: string): string => format("date", { year: "numeric", month: "short", day: "numeric" }).format(new Date(iso));

/** "Nov 28, 2026, 17:31 UTC" */
export const shortDateTime = (iso: string): string =>
  format("datetime", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }).format(
    new Date(iso),
  );

/** "Saturday, November 28, 2026 at 17:31:23 UTC" (the tooltip). */
export const exactDateTime = (iso: string): string =>
  format("exact", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(iso));

/** `title`: the tooltip when it should say more than the exact time (a folded log entry's span). */
export function ProgressTime({ value, dateOnly = false, className, title }: { value: string; dateOnly?: boolean; className?: string; title?: string }) {
  return (
    <time dateTime={value} title={title ?? exactDateTime(value)} className={className}>
      {dateOnly ? shortDate(value) : shortDateTime(value)}
    </time>
  );
}
