import { describe, expect, it } from "vitest";
import { ACHIEVEMENTS, progressConfig, XP_99 } from "@/lib/progress/config";
import { baseLevel, deriveProgress } from "@/lib/progress/derive";
import { activityByKey } from "@/lib/hiscores-layout";
import { SKILLS } from "@/lib/skills";
import { XP_FOR_LEVEL } from "@/lib/xp";

const all = (xp: number) => SKILLS.map(() => xp);

describe("achievement tiers", () => {
  it("have unique keys and rising thresholds per metric and measure", () => {
    expect(new Set(ACHIEVEMENTS.map((a) => a.key)).size).toBe(ACHIEVEMENTS.length);
    const groups = new Map<string, number[]>();
    for (const a of ACHIEVEMENTS) groups.set(`${a.metric}:${a.measure}`, [...(groups.get(`${a.metric}:${a.measure}`) ?? []), a.threshold]);
    for (const [g, t] of groups) expect(t, g).toEqual([...t].sort((x, y) => x - y));
    // Raids and bosses have their own tiers.
    expect(ACHIEVEMENTS.filter((a) => a.metric === activityByKey("theatre_of_blood")!.id).map((a) => a.threshold)).toEqual([100, 500, 1000, 5000]);
    expect(ACHIEVEMENTS.filter((a) => a.metric === activityByKey("zulrah")!.id).map((a) => a.threshold)).toEqual([500, 1000, 5000, 10000]);
  });
});

describe("deriveProgress", () => {
  it("crosses base-level tiers when the lowest skill passes them", () => {
    const before = all(XP_FOR_LEVEL[70]!);
    before[3] = XP_FOR_LEVEL[69]!;
    const after = all(XP_FOR_LEVEL[70]!);
    expect(baseLevel(before)).toBe(69);
    const { crossed } = deriveProgress([{ metric: 4, before: before[3]!, after: after[3]! }], before, after, progressConfig);
    expect(crossed.map((t) => t.key)).toEqual(["base:70"]);
  });

  it("logs each 5M past 99 once, and level-ups from the configured level", () => {
    const { log } = deriveProgress([{ metric: 1, before: XP_99 - 1, after: 21_000_000 }], all(0), all(0), progressConfig);
    expect(log.find((l) => l.kind === "xp")).toMatchObject({ value: 20_000_000, count: 2 });
    expect(log.find((l) => l.kind === "level")).toMatchObject({ value: 99, count: 1 });
    const fromStart = deriveProgress([{ metric: 2, before: 0, after: XP_FOR_LEVEL[10]! }], all(0), all(0), { ...progressConfig, logLevelsFrom: 5 }).log;
    expect(fromStart.find((l) => l.kind === "level")).toMatchObject({ value: 10, count: 6 });
    const ach = deriveProgress([{ metric: 1, before: XP_99 - 1, after: XP_99 }], all(0), all(0), progressConfig).log.find((l) => l.kind === "achievement");
    expect(ach).toMatchObject({ first: "99:1", feed: true });
  });

  it("logs nothing for a value that went down", () => {
    expect(deriveProgress([{ metric: 1, before: 5000, after: 10 }], all(0), all(0), progressConfig)).toEqual({ crossed: [], log: [] });
  });
});
