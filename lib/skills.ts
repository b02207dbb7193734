// The 23 skills of spec §9 in their order; id 0 is Overall. Pure data.

export const SKILLS = [
  "Attack",
  "Defence",
  "Strength",
  "Hitpoints",
  "Ranged",
  "Prayer",
  "Magic",
  "Cooking",
  "Woodcutting",
  "Fletching",
  "Fishing",
  "Firemaking",
  "Crafting",
  "Smithing",
  "Mining",
  "Herblore",
  "Agility",
  "Thieving",
  "Slayer",
  "Farming",
  "Runecrafting",
  "Hunter",
  "Construction",
] as const;

export type SkillName = (typeof SKILLS)[number];
export const OVERALL_ID = 0;

/** Skill id (1..23) for a name, case-insensitive; "overall" → 0; unknown → null. */
export function skillId(name: string): number | null {
  const n = name.trim().toLowerCase();
  if (n === "overall") return OVERALL_ID;
  const i = SKILLS.findIndex((s) => s.toLowerCase() === n);
  return i === -1 ? null : i + 1;
}

export function skillName(id: number): string {
  return id === OVERALL_ID ? "Overall" : (SKILLS[id - 1] ?? "Unknown");
}
