// The Old School combat level from the seven combat skills. Pure.
import { SKILLS } from "./skills";

export type CombatSkills = { attack: number; strength: number; defence: number; hitpoints: number; prayer: number; ranged: number; magic: number };

/**
 * floor(base + max(melee, range, mage)) with base = ¼(Defence + Hitpoints + ⌊Prayer/2⌋),
 * melee = 0.325(Attack + Strength), range = 0.325⌊3·Ranged/2⌋, mage = 0.325⌊3·Magic/2⌋.
 * Worked in whole fortieths (¼ = 10/40, 0.325 = 13/40): exact, so a level boundary is never lost
 * to a float's rounding.
 */
export function combatLevel(s: CombatSkills): number {
  const base = s.defence + s.hitpoints + Math.floor(s.prayer / 2);
  const best = Math.max(s.attack + s.strength, Math.floor((3 * s.ranged) / 2), Math.floor((3 * s.magic) / 2));
  return Math.floor((10 * base + 13 * best) / 40);
}

const id = (name: (typeof SKILLS)[number]) => SKILLS.indexOf(name) + 1;
const COMBAT_IDS = {
  attack: id("Attack"),
  strength: id("Strength"),
  defence: id("Defence"),
  hitpoints: id("Hitpoints"),
  prayer: id("Prayer"),
  ranged: id("Ranged"),
  magic: id("Magic"),
} as const;

/** The combat level of a player's skill rows (skill id, level); a missing row counts as a new account's level (Hitpoints 10, others 1). */
export function combatLevelOf(rows: ReadonlyArray<{ skill: number; level: number }>): number {
  const level = (skill: number, fallback: number) => rows.find((r) => r.skill === skill)?.level ?? fallback;
  return combatLevel({
    attack: level(COMBAT_IDS.attack, 1),
    strength: level(COMBAT_IDS.strength, 1),
    defence: level(COMBAT_IDS.defence, 1),
    hitpoints: level(COMBAT_IDS.hitpoints, 10),
    prayer: level(COMBAT_IDS.prayer, 1),
    ranged: level(COMBAT_IDS.ranged, 1),
    magic: level(COMBAT_IDS.magic, 1),
  });
}
