import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  clampHiscoresPage,
  compareLadder,
  hiscoresHref,
  indexLiteCsv,
  indexLiteJson,
  type LadderEntry,
  playerHref,
  readGameMode,
  readXpMode,
  scoreOf,
  tiebreakOf,
} from "@/lib/hiscores";
import { SKILLS } from "@/lib/skills";
import { levelForXp, MAX_XP, XP_FOR_LEVEL } from "@/lib/xp";

describe("experience table edges", () => {
  it("level 1 at 0, 99 at 13,034,431 and no higher up to the 200M cap", () => {
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(XP_FOR_LEVEL[99]! - 1)).toBe(98);
    expect(levelForXp(13_034_431)).toBe(99);
    expect(levelForXp(MAX_XP)).toBe(99);
    expect(MAX_XP).toBe(200_000_000);
    // Overall's total level: 23 at the start, 2277 when maxed.
    expect(SKILLS.map(() => levelForXp(0)).reduce((a, b) => a + b)).toBe(23);
    expect(SKILLS.map(() => levelForXp(MAX_XP)).reduce((a, b) => a + b)).toBe(2277);
  });
});

describe("tie-break order", () => {
  const t = (iso: string) => new Date(iso);
  const e = (userId: number, level: number, experience: number, reachedAt: Date): LadderEntry => ({ userId, level, experience, reachedAt });

  it("ranks more experience first, then who reached it first, then the lower account id", () => {
    const rows = [
      e(5, 50, 101_333, t("2026-02-01T00:00:00Z")),
      e(9, 60, 273_742, t("2026-03-01T00:00:00Z")),
      e(3, 50, 101_333, t("2026-01-01T00:00:00Z")),
      e(2, 50, 101_333, t("2026-02-01T00:00:00.900Z")), // same second as user 5: lower id first
    ];
    expect([...rows].sort(compareLadder).map((r) => r.userId)).toEqual([9, 3, 2, 5]);
  });

  it("ranks Overall by total level before total experience", () => {
    const broad = e(1, 1500, 30_000_000, t("2026-05-01T00:00:00Z"));
    const deep = e(2, 1200, 200_000_000, t("2025-01-01T00:00:00Z"));
    expect([deep, broad].sort(compareLadder).map((r) => r.userId)).toEqual([1, 2]);
  });

  it("keeps the keys inside a bigint and in the right direction for any date the game can send", () => {
    expect(scoreOf(2277, 23 * MAX_XP)).toBeLessThan(2n ** 63n);
    expect(tiebreakOf(t("2026-01-01T00:00:00Z"), 1)).toBeGreaterThan(tiebreakOf(t("2026-01-01T00:00:01Z"), 1));
    expect(tiebreakOf(t("2100-12-31T23:59:59Z"), 2_147_483_647)).toBeGreaterThan(-(2n ** 63n));
    expect(tiebreakOf(t("2001-01-01T00:00:00Z"), 1)).toBeLessThan(2n ** 63n);
  });
});

describe("URL vocabulary", () => {
  it("reads a page below 1, not a number or missing as 1", () => {
    for (const raw of [undefined, null, "", "0", "-3", "abc", "2abc", "1.5"]) expect(clampHiscoresPage(raw), String(raw)).toBe(1);
    expect(clampHiscoresPage("7")).toBe(7);
  });
  it("falls back to the regular ladders for unknown modes and leaves defaults out of links", () => {
    expect(readGameMode("deadman")).toBe("regular");
    expect(readXpMode("10x")).toBe("10x");
    expect(hiscoresHref({ skill: 0, mode: "regular", xp: "regular", page: 1 })).toBe("/hiscores");
    expect(hiscoresHref({ skill: 1, mode: "ironman", xp: "25x", page: 3 })).toBe("/hiscores/attack?mode=ironman&xp=25x&page=3");
    expect(playerHref("Iron Bob")).toBe("/hiscores/player/Iron%20Bob");
  });
  it("lists Overall and the 23 skills in spec order", () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual(["Overall", ...SKILLS]);
  });
});

describe("Old School formats", () => {
  const entries = [{ skill: 0, rank: 5, level: 100, experience: 5000 }, { skill: 1, rank: 7, level: 10, experience: 1154 }];
  it("writes 24 CSV lines, Overall first, -1 where unranked", () => {
    const lines = indexLiteCsv(entries).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(24);
    expect(lines[0]).toBe("5,100,5000");
    expect(lines[1]).toBe("7,10,1154");
    expect(lines[2]).toBe("-1,1,-1");
  });
  it("writes the JSON shape with ids and names", () => {
    const j = indexLiteJson(entries);
    expect(j.activities).toEqual([]);
    expect(j.skills[0]).toEqual({ id: 0, name: "Overall", rank: 5, level: 100, xp: 5000 });
    expect(j.skills[23]).toEqual({ id: 23, name: "Construction", rank: -1, level: 1, xp: -1 });
  });
});
