import { describe, expect, it } from "vitest";
import { type CombatSkills, combatLevel, combatLevelOf } from "@/lib/combat-level";
import { SKILLS } from "@/lib/skills";

const NEW_ACCOUNT: CombatSkills = { attack: 1, strength: 1, defence: 1, hitpoints: 10, prayer: 1, ranged: 1, magic: 1 };
const MAXED: CombatSkills = { attack: 99, strength: 99, defence: 99, hitpoints: 99, prayer: 99, ranged: 99, magic: 99 };

describe("combatLevel (the Old School formula)", () => {
  it("is 3 for a new account and 126 for maxed combat skills", () => {
    expect(combatLevel(NEW_ACCOUNT)).toBe(3);
    expect(combatLevel(MAXED)).toBe(126);
  });

  it("takes the best of melee, ranged and magic, with half of Prayer in the base", () => {
    // base ¼(50 + 65 + ⌊43/2⌋) = 34; melee 0.325 × 130 = 42.25 beats ranged 0.325 × 60 and magic 0.325 × ⌊82.5⌋.
    expect(combatLevel({ attack: 60, strength: 70, defence: 50, hitpoints: 65, prayer: 43, ranged: 40, magic: 55 })).toBe(76);
    // A pure ranger and a pure mage: 2.75 + 0.325 × ⌊148.5⌋ = 50.85.
    expect(combatLevel({ ...NEW_ACCOUNT, ranged: 99 })).toBe(50);
    expect(combatLevel({ ...NEW_ACCOUNT, magic: 99 })).toBe(50);
    expect(combatLevel({ ...MAXED, prayer: 1 })).toBe(113);
    // Prayer counts in steps of two: 2.75 + ¼⌊5/2⌋ + 0.65 = 3.9, and ⌊6/2⌋ makes it 4.15.
    expect(combatLevel({ ...NEW_ACCOUNT, prayer: 5 })).toBe(3);
    expect(combatLevel({ ...NEW_ACCOUNT, prayer: 6 })).toBe(4);
    // Ranged and Magic count in whole steps of 3/2: 2.75 + 0.325 × ⌊13.5⌋ = 6.975.
    expect(combatLevel({ ...NEW_ACCOUNT, ranged: 9 })).toBe(6);
    expect(combatLevel({ ...NEW_ACCOUNT, magic: 9 })).toBe(6);
  });

  it("reaches a level exactly at its boundary (no rounding below it)", () => {
    // 2.75 + 0.325 × 10 = 6 exactly; one point less is 5.675.
    expect(combatLevel({ ...NEW_ACCOUNT, attack: 5, strength: 5 })).toBe(6);
    expect(combatLevel({ ...NEW_ACCOUNT, attack: 4, strength: 5 })).toBe(5);
    // ⌊3 × 7 / 2⌋ = 10 as well; Ranged 6 gives 9.
    expect(combatLevel({ ...NEW_ACCOUNT, ranged: 7 })).toBe(6);
    expect(combatLevel({ ...NEW_ACCOUNT, ranged: 6 })).toBe(5);
  });
});

describe("combatLevelOf (a player's skill rows)", () => {
  const id = (name: (typeof SKILLS)[number]) => SKILLS.indexOf(name) + 1;

  it("reads the seven combat skills by id and ignores the others", () => {
    const rows = SKILLS.map((_, i) => ({ skill: i + 1, level: 99 }));
    expect(combatLevelOf([{ skill: 0, level: 2277 }, ...rows])).toBe(126);
    expect(combatLevelOf(rows.map((r) => (r.skill === id("Magic") ? r : { ...r, level: 1 })))).toBe(48);
  });

  it("counts a missing row as a new account's level (Hitpoints 10, the others 1)", () => {
    expect(combatLevelOf([])).toBe(3);
    expect(
      combatLevelOf([
        { skill: id("Attack"), level: 5 },
        { skill: id("Strength"), level: 5 },
      ]),
    ).toBe(6);
  });
});
