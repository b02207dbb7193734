import { describe, expect, it } from "vitest";
import { TICKET_TYPES } from "@/lib/schemas/tickets";
import { FIRST_RESPONSE_HOURS, firstResponse, firstResponseText, formatDuration } from "@/lib/tickets-targets";

// First-response targets (docs/support-desk.md): due time per type, time left, and when a target counts as missed.

const created = new Date("2026-12-01T10:00:00Z");
const at = (h: number) => new Date(created.getTime() + h * 3600_000);

describe("first-response targets", () => {
  it("has a target for every ticket type", () => {
    expect(Object.keys(FIRST_RESPONSE_HOURS).sort()).toEqual([...TICKET_TYPES].sort());
  });

  it("counts down to the due time, then counts as missed", () => {
    const t = { type: "RSGP_STORE_PURCHASES" as const, createdAt: created, firstResponseAt: null };
    expect(firstResponse(t, at(1))).toMatchObject({ due: at(4), leftMs: 3 * 3600_000, breached: false });
    expect(firstResponseText(firstResponse(t, at(1)))).toBe("3 h left");
    expect(firstResponse(t, at(4.5))).toMatchObject({ breached: true });
    expect(firstResponseText(firstResponse(t, at(4.5)))).toBe("Late by 30 min");
  });

  it("an answer in time or late stays so, whatever the time now", () => {
    expect(firstResponse({ type: "GENERAL_INQUIRY", createdAt: created, firstResponseAt: at(47) }, at(100))).toMatchObject({ breached: false, leftMs: null });
    const late = firstResponse({ type: "GENERAL_INQUIRY", createdAt: created, firstResponseAt: at(49) }, at(49));
    expect(late.breached).toBe(true);
    expect(firstResponseText(late)).toBe("Answered late");
  });

  it("writes durations in days, hours and minutes", () => {
    expect(formatDuration(59_999)).toBe("0 min");
    expect(formatDuration(3 * 3600_000 + 20 * 60_000)).toBe("3 h 20 min");
    expect(formatDuration(-(26 * 3600_000))).toBe("1 d 2 h");
  });
});
