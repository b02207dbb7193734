import { describe, expect, it } from "vitest";
import { ANKOU_COLOURS, CUSTOM_DONATIONS, CUSTOM_DONATION_NOTES, DONATOR_TIERS, formatDollars } from "@/lib/content/donator";
import { memberRankForTotal } from "@/lib/ranks";

describe("Donator Benefits content (spec §3, §9)", () => {
  it("lists the seven ranks in order with the spec's thresholds", () => {
    expect(DONATOR_TIERS.map((t) => [t.name, t.minDollars])).toEqual([
      ["Premium", 25],
      ["Expansion", 50],
      ["Extreme", 200],
      ["Respected", 400],
      ["Legendary", 1000],
      ["Mythical", 2500],
      ["Uber", 5000],
    ]);
  });

  it("gives every rank perks of its own", () => {
    for (const t of DONATOR_TIERS) expect(t.perks.length, t.name).toBeGreaterThan(0);
    const all = DONATOR_TIERS.flatMap((t) => t.perks);
    expect(new Set(all).size).toBe(all.length);
  });

  it("shows the thresholds the server ranks players by", () => {
    for (const t of DONATOR_TIERS) {
      expect(memberRankForTotal(t.minDollars * 100)).toBe(t.rank);
      expect(memberRankForTotal(t.minDollars * 100 - 1)).not.toBe(t.rank);
    }
  });

  it("formats thresholds as whole dollars with separators", () => {
    expect(DONATOR_TIERS.map((t) => formatDollars(t.minDollars))).toEqual(["$25", "$50", "$200", "$400", "$1,000", "$2,500", "$5,000"]);
    expect(formatDollars(12.5)).toBe("$12.50");
  });
});

describe("Custom Donations content (spec §9)", () => {
  it("has the four custom donations at their prices", () => {
    expect(CUSTOM_DONATIONS.map((d) => d.dollars)).toEqual([200, 250, 400, 450]);
    expect(CUSTOM_DONATIONS.find((d) => d.dollars === 250)?.name).toBe("Easter Basket");
    expect(CUSTOM_DONATIONS.find((d) => d.dollars === 450)?.name).toMatch(/Ankou/);
  });

  it("offers the Ankou outfit in blue, green, yellow and white", () => {
    expect([...ANKOU_COLOURS]).toEqual(["blue", "green", "yellow", "white"]);
  });

  it("says no credits are given and orders go through the chat server", () => {
    const notes = CUSTOM_DONATION_NOTES.join(" ");
    expect(notes).toMatch(/not give any store credits/);
    expect(notes).toMatch(/chat server/);
  });
});
