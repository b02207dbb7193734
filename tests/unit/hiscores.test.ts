import { readFileSync } from "node:fs";
import { ACTIVITIES as CLIENT_ACTIVITIES, SKILLS as CLIENT_SKILLS, parseJsonStats, parseStats } from "osrs-json-hiscores";
import { describe, expect, it } from "vitest";
import {
  CATEGORIES,
  clampHiscoresPage,
  gameModeOfSegment,
  hiscoresHref,
  indexLiteCsv,
  indexLiteJson,
  ladderBySlug,
  playerHref,
  readGameMode,
  readXpMode,
  scoreOf,
  tiebreakOf,
} from "@/lib/hiscores";
import { ACTIVITIES, activityByKey, LAYOUT_DATE, OFFICIAL_ACTIVITIES, OFFICIAL_SKILLS } from "@/lib/hiscores-layout";
import { ZHiscoresPush } from "@/lib/schemas/game";
import { ZHiscoresQuery } from "@/lib/schemas/hiscores";
import { SKILLS } from "@/lib/skills";
import { levelForXp, MAX_XP, XP_FOR_LEVEL } from "@/lib/xp";
import { compareLadder, type LadderEntry } from "../support/ladder-order";

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
  it("lists Overall and the 23 skills in the order of docs/product.md §9", () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual(["Overall", ...SKILLS]);
  });
});

describe("the official layout (lib/hiscores-layout.ts)", () => {
  it("has 25 skill rows and 88 activity rows, as osrs-json-hiscores 2.25.0 reads them, in its order", () => {
    expect(LAYOUT_DATE).toBe("2026-04-11");
    expect(OFFICIAL_SKILLS.map((s) => s.name.toLowerCase())).toEqual([...CLIENT_SKILLS]);
    expect(OFFICIAL_ACTIVITIES).toHaveLength(CLIENT_ACTIVITIES.length);
    expect(OFFICIAL_SKILLS.length + OFFICIAL_ACTIVITIES.length).toBe(113);
  });

  it("uses Jagex's names, which RuneLite matches rows by: Runecraft, not the site's Runecrafting", () => {
    expect(OFFICIAL_SKILLS.map((s) => s.name)).toEqual(["Overall", ...SKILLS.map((s) => (s === "Runecrafting" ? "Runecraft" : s)), "Sailing"]);
    const runelite = readFileSync("tests/fixtures/runelite-hiscore-names.txt", "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    const ours = [...OFFICIAL_SKILLS.map((s) => s.name), ...OFFICIAL_ACTIVITIES.map((a) => a.name)];
    // Rows Jagex still sends that RuneLite no longer reads, and bosses added after our layout's date.
    expect(ours.filter((n) => !runelite.includes(n))).toEqual(["Deadman Points", "Bounty Hunter (Legacy) - Hunter", "Bounty Hunter (Legacy) - Rogue"]);
    expect(runelite.filter((n) => !ours.includes(n))).toEqual(["Mad Angel", "Maggot King"]);
  });

  it("gives every activity a unique, fixed id and key (ids are stored: never renumbered)", () => {
    expect(new Set(ACTIVITIES.map((a) => a.id)).size).toBe(ACTIVITIES.length);
    expect(new Set(ACTIVITIES.map((a) => a.key)).size).toBe(ACTIVITIES.length);
    expect(ACTIVITIES.every((a) => /^[a-z0-9_]+$/.test(a.key) && a.id >= 100)).toBe(true);
    expect([activityByKey("league_points")?.id, activityByKey("clue_scrolls_all")?.id, activityByKey("zulrah")?.id]).toEqual([100, 106, 187]);
    expect([activityByKey("pvp_kills")?.id, activityByKey("pvp_kill_streak")?.id]).toEqual([500, 501]);
    expect(ACTIVITIES.filter((a) => !a.official).map((a) => a.key)).toEqual(["pvp_kills", "pvp_kill_streak"]);
  });

  it("maps the official per-mode path segments to our game modes, and nothing else", () => {
    expect(gameModeOfSegment("m=hiscore_oldschool")).toBe("regular");
    expect(gameModeOfSegment("m=hiscore_oldschool_ironman")).toBe("ironman");
    expect(gameModeOfSegment("m=hiscore_oldschool_hardcore_ironman")).toBe("hardcore_ironman");
    expect(gameModeOfSegment("m=hiscore_oldschool_ultimate")).toBe("ultimate_ironman");
    expect(gameModeOfSegment("m=hiscore_oldschool_group_ironman")).toBe("group_ironman");
    for (const other of ["m=hiscore_oldschool_deadman", "m=hiscore_oldschool_seasonal", "hiscore_oldschool", "toString", "__proto__", ""])
      expect(gameModeOfSegment(other), other).toBeNull();
  });
});

describe("activity ladders in URLs and the API query", () => {
  it("links an activity's ladder by its slug and reads it back", () => {
    const tob = activityByKey("theatre_of_blood_hard_mode")!;
    expect(hiscoresHref({ skill: tob.id, mode: "ironman" })).toBe("/hiscores/theatre-of-blood-hard-mode?mode=ironman");
    expect(ladderBySlug("theatre-of-blood-hard-mode")).toEqual({ id: tob.id, name: "Theatre of Blood: Hard Mode", slug: "theatre-of-blood-hard-mode" });
    expect(ladderBySlug("Pvp-Kills")?.id).toBe(500);
    expect(ladderBySlug("attack")?.id).toBe(1);
    expect(ladderBySlug("sailing")).toBeNull();
    expect(ladderBySlug("theatre_of_blood_hard_mode")).toBeNull();
  });

  it("asks for a skill or an activity, not both", () => {
    expect(ZHiscoresQuery.parse({ activity: "zulrah" }).skill).toBe(187);
    expect(ZHiscoresQuery.parse({ skill: "attack" }).skill).toBe(1);
    expect(ZHiscoresQuery.parse({}).skill).toBe(0);
    expect(ZHiscoresQuery.safeParse({ activity: "jad" }).success).toBe(false);
    const both = ZHiscoresQuery.safeParse({ skill: "attack", activity: "zulrah" });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]).toMatchObject({ path: ["activity"], message: "Ask for a skill or an activity, not both." });
  });
});

describe("the game's push of activity scores", () => {
  const base = { player_id: 1, experience: SKILLS.map(() => 0) };
  it("takes known keys with whole counts from 0 to 100,000,000, and leaves the field optional", () => {
    expect(ZHiscoresPush.safeParse(base).success).toBe(true);
    expect(ZHiscoresPush.parse({ ...base, activities: { zulrah: 12, clue_scrolls_all: 0, pvp_kills: 100_000_000 } }).activities).toEqual({
      zulrah: 12,
      clue_scrolls_all: 0,
      pvp_kills: 100_000_000,
    });
  });
  it("refuses unknown keys by name, negative, fractional and absurd scores", () => {
    const unknown = ZHiscoresPush.safeParse({ ...base, activities: { zulrah: 1, jad: 3 } });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ["activities"], message: expect.stringContaining("Unknown activity: jad.") });
    for (const bad of [-1, 1.5, 100_000_001, "7", null]) {
      const r = ZHiscoresPush.safeParse({ ...base, activities: { vorkath: bad } });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(["activities", "vorkath"]);
      expect(r.error?.issues[0]?.message).toMatch(/^vorkath: a score /);
    }
    expect(ZHiscoresPush.safeParse({ ...base, activities: [1, 2] }).success).toBe(false);
  });
});

describe("Old School formats", () => {
  const player = {
    username: "Iron Bob",
    results: [
      { skill: 0, rank: 5, level: 100, experience: 5000 },
      { skill: 1, rank: 7, level: 10, experience: 1154 },
    ],
    activities: [
      { activity: "zulrah", rank: 3, score: 40 },
      { activity: "clue_scrolls_all", rank: 9, score: 2 },
      { activity: "pvp_kills", rank: 1, score: 500 },
    ],
  };

  it("writes 113 CSV lines: 25 skills (Sailing unranked), then 88 activities, -1 where unranked", () => {
    const lines = indexLiteCsv(player).split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(113);
    expect(lines[0]).toBe("5,100,5000");
    expect(lines[1]).toBe("7,10,1154");
    expect(lines[2]).toBe("-1,1,-1");
    expect(lines[24]).toBe("-1,1,-1"); // Sailing
    expect(lines[25]).toBe("-1,-1"); // League Points
    expect(lines[25 + 6]).toBe("9,2"); // Clue Scrolls (all)
    expect(lines[112]).toBe("3,40"); // Zulrah, last
    // The site's own PvP ladders are not official rows.
    expect(lines).not.toContain("1,500");
  });

  it("writes the JSON shape with the player's name, ids and Jagex's names", () => {
    const j = indexLiteJson(player);
    expect(Object.keys(j)).toEqual(["name", "skills", "activities"]);
    expect(j.name).toBe("Iron Bob");
    expect(j.skills[0]).toEqual({ id: 0, name: "Overall", rank: 5, level: 100, xp: 5000 });
    expect(j.skills[21]).toEqual({ id: 21, name: "Runecraft", rank: -1, level: 1, xp: -1 });
    expect(j.skills[24]).toEqual({ id: 24, name: "Sailing", rank: -1, level: 1, xp: -1 });
    expect(j.activities).toHaveLength(88);
    expect(j.activities[0]).toEqual({ id: 0, name: "League Points", rank: -1, score: -1 });
    expect(j.activities[87]).toEqual({ id: 87, name: "Zulrah", rank: 3, score: 40 });
  });

  it("reads back the same through a real client's parsers, by position (CSV) and by name (JSON)", () => {
    const csv = parseStats(indexLiteCsv(player));
    const json = parseJsonStats(indexLiteJson(player));
    expect(json).toEqual(csv);
    expect(csv.skills.overall).toEqual({ rank: 5, level: 100, xp: 5000 });
    expect(csv.bosses.zulrah).toEqual({ rank: 3, score: 40 });
    expect(csv.clues.all).toEqual({ rank: 9, score: 2 });
  });
});
