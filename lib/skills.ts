// The 23 skills of docs/product.md §9 in their order; id 0 is Overall. Pure data.

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

export const OVERALL_ID = 0;

export function skillName(id: number): string {
  return id === OVERALL_ID ? "Overall" : (SKILLS[id - 1] ?? "Unknown");
}
