import { describe, expect, it } from "vitest";
import { siteConfig } from "@/lib/site-config";
import { AVAILABLE, formatCountdown, monthYear, rewardLabel, voteLink, voteOutcome, votesLabel } from "@/lib/votes/vote-display";

const NOW = Date.parse("2026-11-22T10:00:00.000Z");
const later = (ms: number) => new Date(NOW + ms).toISOString();

describe("formatCountdown (docs/product.md §4 Vote countdown)", () => {
  it("shows hh:mm:ss left, zero-padded", () => {
    expect(formatCountdown(later(12 * 3600_000), NOW)).toBe("12:00:00");
    expect(formatCountdown(later(11 * 3600_000 + 59 * 60_000 + 58_000), NOW)).toBe("11:59:58");
    expect(formatCountdown(later(3 * 60_000 + 7_000), NOW)).toBe("00:03:07");
    expect(formatCountdown(later(9_000), NOW)).toBe("00:00:09");
  });

  it("rounds a part second up, so the last second reads 00:00:01", () => {
    expect(formatCountdown(later(400), NOW)).toBe("00:00:01");
    expect(formatCountdown(later(59_001), NOW)).toBe("00:01:00");
  });

  it("changes once a second as the clock moves", () => {
    const next = later(12 * 3600_000);
    expect([0, 1000, 2000].map((t) => formatCountdown(next, NOW + t))).toEqual(["12:00:00", "11:59:59", "11:59:58"]);
  });

  it("says 'Available!' when the time is null, now, past or unreadable", () => {
    expect(AVAILABLE).toBe("Available!");
    expect(formatCountdown(null, NOW)).toBe(AVAILABLE);
    expect(formatCountdown(later(0), NOW)).toBe(AVAILABLE);
    expect(formatCountdown(later(-1), NOW)).toBe(AVAILABLE);
    expect(formatCountdown(later(-5 * 3600_000), NOW)).toBe(AVAILABLE);
    expect(formatCountdown("not a time", NOW)).toBe(AVAILABLE);
  });

  it("keeps counting hours past a day (a longer cooldown in the config)", () => {
    expect(formatCountdown(later(30 * 3600_000 + 1_000), NOW)).toBe("30:00:01");
  });
});

describe("voteLink", () => {
  it("puts the URL-encoded name and token into the template", () => {
    expect(voteLink("https://v.example/?id={token}&name={username}", "Zezima Jr", "a+b/c")).toBe("https://v.example/?id=a%2Bb%2Fc&name=Zezima%20Jr");
  });

  it("never reads a value as a replacement pattern", () => {
    expect(voteLink("x/{username}", "$&$'", "t")).toBe("x/%24%26%24'");
  });

  it("fills every configured site's link", () => {
    for (const site of siteConfig.voteSites) {
      const href = voteLink(site.urlTemplate, "a_b-1", "tok_EN-9");
      expect(href, site.key).toContain("a_b-1");
      expect(href, site.key).toContain("tok_EN-9");
      expect(href, site.key).not.toMatch(/[{}]/);
      expect(new URL(href).protocol, site.key).toBe("https:");
    }
  });
});

describe("statistics and history labels", () => {
  it("counts votes in words", () => {
    expect(votesLabel(1)).toBe("1 vote");
    expect(votesLabel(0)).toBe("0 votes");
    expect(votesLabel(1204)).toBe("1,204 votes");
  });

  it("names the month and year of the monthly figures", () => {
    expect(monthYear(11, 2026)).toBe("November 2026");
    expect(monthYear(1, 2027)).toBe("January 2027");
    expect(monthYear(12, 2026)).toBe("December 2026");
  });

  it("says whether a vote counted, with the reason when it did not", () => {
    expect(voteOutcome(true, null)).toBe("Counted");
    expect(voteOutcome(false, "Within the 12-hour cooldown")).toBe("Not counted: Within the 12-hour cooldown");
    expect(voteOutcome(false, null)).toBe("Not counted");
  });

  it("names the reward's state", () => {
    expect(rewardLabel("pending")).toBe("Waiting in game");
    expect(rewardLabel("delivered")).toBe("Received");
    expect(rewardLabel(null)).toBeNull();
  });
});
