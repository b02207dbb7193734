import { describe, expect, it } from "vitest";
import { votePoints, votePointsMultiplier } from "@/lib/content/donator";

describe("vote points bonus (docs/product.md §9)", () => {
  it("is 1x up to Expansion, 1.5x from Extreme to Mythical and 2x for Uber", () => {
    expect(["NONE", "PREMIUM", "EXPANSION", "EXTREME", "RESPECTED", "LEGENDARY", "MYTHICAL", "UBER"].map((r) => votePointsMultiplier(r as never))).toEqual([
      1, 1, 1, 1.5, 1.5, 1.5, 1.5, 2,
    ]);
  });

  it("rounds the points down to whole points", () => {
    expect(votePoints(1, "NONE")).toBe(1);
    expect(votePoints(1, "EXTREME")).toBe(1);
    expect(votePoints(3, "EXTREME")).toBe(4);
    expect(votePoints(5, "MYTHICAL")).toBe(7);
    expect(votePoints(3, "UBER")).toBe(6);
  });
});
