import { describe, expect, it } from "vitest";
import { displayRank, memberRankForTotal, postTier, postTierSteps } from "@/lib/ranks";
import { skillName, SKILLS } from "@/lib/skills";
import { levelForXp, XP_FOR_LEVEL } from "@/lib/xp";

describe("experience curve", () => {
  it("matches the classic table at known points", () => {
    expect(XP_FOR_LEVEL[2]).toBe(83);
    expect(XP_FOR_LEVEL[10]).toBe(1154);
    expect(XP_FOR_LEVEL[50]).toBe(101_333);
    expect(XP_FOR_LEVEL[99]).toBe(13_034_431);
  });
  it("turns experience into a level", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(82)).toBe(1);
    expect(levelForXp(83)).toBe(2);
    expect(levelForXp(13_034_430)).toBe(98);
    expect(levelForXp(200_000_000)).toBe(99);
  });
});

describe("skills", () => {
  it("has the 23 skills of docs/product.md §9 and Overall as 0", () => {
    expect(SKILLS).toHaveLength(23);
    expect(SKILLS[22]).toBe("Construction");
    expect(SKILLS).not.toContain("Sailing");
    expect(skillName(4)).toBe("Hitpoints");
  });
});

describe("ranks", () => {
  it("uses the donator rank for players and the privilege otherwise", () => {
    expect(displayRank("PLAYER", "NONE")).toBe("player");
    expect(displayRank("PLAYER", "LEGENDARY")).toBe("legendary");
    expect(displayRank("MODERATOR", "UBER")).toBe("moderator");
  });
  it("derives the donator rank from the cumulative total", () => {
    expect(memberRankForTotal(2499)).toBe("NONE");
    expect(memberRankForTotal(2500)).toBe("PREMIUM");
    expect(memberRankForTotal(499_999)).toBe("MYTHICAL");
    expect(memberRankForTotal(500_000)).toBe("UBER");
  });
  it("tiers forum posts strictly above each threshold", () => {
    expect(postTier(10)).toBe("bronze");
    expect(postTier(11)).toBe("iron");
    expect(postTier(1000)).toBe("bandos");
    expect(postTier(1001)).toBe("third-age");
    expect(postTier(5000)).toBe("twisted");
  });
  it("lists the tiers for the /ranks page in order, each from the first post count that earns it", () => {
    const steps = postTierSteps();
    expect(steps.map((t) => [t.tier, t.minPosts])).toEqual([
      ["bronze", 0],
      ["iron", 11],
      ["steel", 26],
      ["black", 51],
      ["mithril", 101],
      ["adamant", 201],
      ["rune", 301],
      ["dragon", 401],
      ["barrows", 501],
      ["bandos", 751],
      ["third-age", 1001],
      ["twisted", 1501],
    ]);
    // What the page says is what postTier does: each step begins its tier, one post fewer is the tier below.
    steps.forEach((t, i) => {
      expect(postTier(t.minPosts)).toBe(t.tier);
      if (i > 0) expect(postTier(t.minPosts - 1)).toBe(steps[i - 1]!.tier);
    });
  });
});
