import { describe, expect, it } from "vitest";
import { ANKOU_COLOURS, CUSTOM_DONATIONS, CUSTOM_DONATION_NOTES, DONATOR_TIERS, formatDollars } from "@/lib/content/donator";
import { donatorRankIndex, memberRankForTotal, nextDonatorRank } from "@/lib/ranks";

describe("Donator Benefits content (docs/product.md §3, §9)", () => {
  it("lists the seven ranks in order with the thresholds of docs/product.md §3", () => {
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

  it("gives each rank the perk values of docs/product.md §9", () => {
    const perks = Object.fromEntries(DONATOR_TIERS.map((t) => [t.name, t.perks]));
    expect(perks.Premium).toEqual(
      expect.arrayContaining([
        "5% run energy boost",
        "Bank capacity 600",
        "4 equipment preset slots (2 without a rank)",
        "Coal bag holds 56",
        "Yell cooldown 2 minutes",
        "Birdhouse timer 45 minutes",
        "Restore box cooldown 7 minutes",
        "Items kept 2 minutes longer after death",
        "Donator zones: DI",
      ]),
    );
    expect(perks.Premium!.some((p) => /vote points/.test(p))).toBe(false);
    expect(perks.Extreme).toContain("1.5x vote points");
    expect(perks.Respected).toContain("Donator zones: DI, RDI");
    expect(perks.Legendary).toContain("Donator zones: DI, RDI, LDI");
    expect(perks.Mythical).toEqual(expect.arrayContaining(["Yell cooldown 5 seconds", "Restore box cooldown 1 minute", "1.5x vote points"]));
    expect(perks.Uber).toEqual(
      expect.arrayContaining([
        "20% run energy boost",
        "2x vote points",
        "Bank capacity 1,800",
        "16 equipment preset slots (2 without a rank)",
        "Coal bag holds 750",
        "No yell cooldown",
        "No restore box cooldown",
        "Items kept 8 minutes longer after death",
        "Donator zones: DI, RDI, LDI, UDI",
      ]),
    );
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

describe("Custom Donations content (docs/product.md §9)", () => {
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

describe("the next donator rank (the account page's progress)", () => {
  it("names the rank above the one a total earns and what it still needs, from where the current rank began", () => {
    expect(nextDonatorRank(0)).toEqual({ name: "Premium", minDollars: 25, fromCents: 0, missingCents: 2500 });
    expect(nextDonatorRank(2499)).toEqual({ name: "Premium", minDollars: 25, fromCents: 0, missingCents: 1 });
    // $50 is Expansion exactly: the next is Extreme, $150 away.
    expect(nextDonatorRank(5000)).toEqual({ name: "Extreme", minDollars: 200, fromCents: 5000, missingCents: 15000 });
    expect(nextDonatorRank(19_999)).toMatchObject({ name: "Extreme", missingCents: 1 });
    expect(nextDonatorRank(250_000)).toEqual({ name: "Uber", minDollars: 5000, fromCents: 250_000, missingCents: 250_000 });
  });

  it("has nothing above the top rank, and orders the ranks from none up", () => {
    expect(nextDonatorRank(500_000)).toBeNull();
    expect(nextDonatorRank(10_000_000)).toBeNull();
    expect(donatorRankIndex("NONE")).toBe(-1);
    expect(donatorRankIndex("PREMIUM")).toBe(0);
    expect(donatorRankIndex("UBER")).toBeGreaterThan(donatorRankIndex("MYTHICAL"));
  });
});
