import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { formatDateTime12, formatExactDateTime, formatForumDateTime, formatLongDateTime } from "@/lib/format/dates";

describe("formatDateTime12 (MM/DD/YYYY hh:mm A)", () => {
  it("pads month, day and hour and uses PM for the afternoon", () => {
    expect(formatDateTime12("2024-03-07T14:05:00Z")).toBe("03/07/2024 02:05 PM");
  });

  it("shows midnight as 12 AM and noon as 12 PM", () => {
    expect(formatDateTime12("2024-12-31T00:00:00Z")).toBe("12/31/2024 12:00 AM");
    expect(formatDateTime12("2024-12-31T12:30:00Z")).toBe("12/31/2024 12:30 PM");
  });

  it("accepts Date objects and epoch milliseconds", () => {
    const d = new Date(Date.UTC(2022, 1, 3, 9, 7));
    expect(formatDateTime12(d)).toBe("02/03/2022 09:07 AM");
    expect(formatDateTime12(d.getTime())).toBe("02/03/2022 09:07 AM");
  });

  it("formats in the given time zone, crossing the date line when needed", () => {
    expect(formatDateTime12("2024-03-07T02:05:00Z", "America/New_York")).toBe("03/06/2024 09:05 PM");
    expect(formatDateTime12("2024-03-07T14:05:00Z", "Asia/Tokyo")).toBe("03/07/2024 11:05 PM");
  });

  it("falls back to UTC for an unknown zone and answers empty for an invalid date", () => {
    expect(formatDateTime12("2024-03-07T14:05:00Z", "Not/AZone")).toBe("03/07/2024 02:05 PM");
    expect(formatDateTime12("not a date")).toBe("");
  });
});

describe("formatLongDateTime (tickets: long date with time)", () => {
  it("writes the month out, the hour without padding, and AM/PM", () => {
    expect(formatLongDateTime("2024-03-07T14:05:00Z")).toBe("March 7, 2024 at 2:05 PM");
    expect(formatLongDateTime("2024-12-31T00:00:00Z")).toBe("December 31, 2024 at 12:00 AM");
  });

  it("formats in the given zone, falls back to UTC for an unknown one, and answers empty for an invalid date", () => {
    expect(formatLongDateTime("2024-03-07T23:30:00Z", "Asia/Tokyo")).toBe("March 8, 2024 at 8:30 AM");
    expect(formatLongDateTime("2024-03-07T14:05:00Z", "Not/AZone")).toBe("March 7, 2024 at 2:05 PM");
    expect(formatLongDateTime("nope")).toBe("");
  });
});

describe("formatForumDateTime (forums: MM/DD/YYYY HH:mm, 24-hour)", () => {
  it("pads every part and writes the afternoon as 13–23 without AM/PM", () => {
    expect(formatForumDateTime("2024-03-07T14:05:00Z")).toBe("03/07/2024 14:05");
    expect(formatForumDateTime("2024-03-07T09:07:00Z")).toBe("03/07/2024 09:07");
  });

  it("shows midnight as 00 and noon as 12", () => {
    expect(formatForumDateTime("2024-12-31T00:00:00Z")).toBe("12/31/2024 00:00");
    expect(formatForumDateTime("2024-12-31T12:30:00Z")).toBe("12/31/2024 12:30");
    expect(formatForumDateTime("2024-12-31T23:59:00Z")).toBe("12/31/2024 23:59");
  });

  it("accepts Date objects and epoch milliseconds", () => {
    const d = new Date(Date.UTC(2022, 1, 3, 21, 7));
    expect(formatForumDateTime(d)).toBe("02/03/2022 21:07");
    expect(formatForumDateTime(d.getTime())).toBe("02/03/2022 21:07");
  });

  it("formats in the given zone, falls back to UTC for an unknown one, and answers empty for an invalid date", () => {
    expect(formatForumDateTime("2024-03-07T02:05:00Z", "America/New_York")).toBe("03/06/2024 21:05");
    expect(formatForumDateTime("2024-03-07T15:30:00Z", "Asia/Tokyo")).toBe("03/08/2024 00:30");
    expect(formatForumDateTime("2024-03-07T14:05:00Z", "Not/AZone")).toBe("03/07/2024 14:05");
    expect(formatForumDateTime("nope")).toBe("");
  });
});

describe("formatExactDateTime (a date's tooltip: seconds, offset and zone)", () => {
  it("names the offset and the zone, or just UTC", () => {
    expect(formatExactDateTime("2026-11-28T04:19:32Z", "Asia/Kolkata")).toBe("November 28, 2026 at 9:49:32 AM UTC+05:30 (Asia/Kolkata)");
    expect(formatExactDateTime("2026-11-28T04:19:32Z")).toBe("November 28, 2026 at 4:19:32 AM UTC");
    expect(formatExactDateTime("2026-07-01T16:00:05Z", "America/New_York")).toBe("July 1, 2026 at 12:00:05 PM UTC-04:00 (America/New_York)");
  });

  it("a zone whose offset is zero still says which zone it is; an unknown zone is UTC; an invalid date is empty", () => {
    expect(formatExactDateTime("2026-01-15T10:00:00Z", "Europe/London")).toBe("January 15, 2026 at 10:00:00 AM UTC (Europe/London)");
    expect(formatExactDateTime("2026-01-15T10:00:00Z", "Not/AZone")).toBe("January 15, 2026 at 10:00:00 AM UTC");
    expect(formatExactDateTime("nope")).toBe("");
  });
});

describe("<LocalDateTime> (every date the site prints)", () => {
  const render = (props: { long?: boolean; forum?: boolean }) =>
    renderToStaticMarkup(createElement(LocalDateTime, { value: "2026-11-28T04:19:32.000Z", ...props }));

  it("keeps each format docs/product.md fixes, in a <time> with the exact moment in datetime and in its title", () => {
    // The server render is in UTC; the browser renders again in the reader's zone (tests/e2e/local-dates.spec.ts).
    const exact = 'dateTime="2026-11-28T04:19:32.000Z" title="November 28, 2026 at 4:19:32 AM UTC"';
    expect(render({})).toBe(`<time ${exact}>11/28/2026 04:19 AM</time>`);
    expect(render({ long: true })).toBe(`<time ${exact}>November 28, 2026 at 4:19 AM</time>`);
    expect(render({ forum: true })).toBe(`<time ${exact}>11/28/2026 04:19</time>`);
  });
});
