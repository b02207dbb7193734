// The classic experience curve: levels 1–99, experience capped at 200,000,000. Pure.

export const MAX_LEVEL = 99;
export const MAX_XP = 200_000_000;

/** XP_FOR_LEVEL[l] = experience needed to reach level l (index 0 unused). */
export const XP_FOR_LEVEL: readonly number[] = (() => {
  const table = [0, 0];
  let points = 0;
  for (let lvl = 1; lvl < MAX_LEVEL; lvl++) {
    points += Math.floor(lvl + 300 * 2 ** (lvl / 7));
    table.push(Math.floor(points / 4));
  }
  return table;
})();

export function levelForXp(xp: number): number {
  let level = 1;
  for (let l = 2; l <= MAX_LEVEL; l++) {
    if (xp >= XP_FOR_LEVEL[l]!) level = l;
    else break;
  }
  return level;
}
