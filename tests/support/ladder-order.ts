import { scoreOf, tiebreakOf } from "@/lib/hiscores";

// The order a ladder shows (docs/hiscores.md, Ranking rules), in JavaScript: the test oracle for the SQL that sorts
// by the same keys (lib/hiscores.ts scoreOf and tiebreakOf, which the push stores). Its own cases
// are in tests/unit/hiscores.test.ts, with orders worked out by hand.

export type LadderEntry = { userId: number; level: number; experience: number | bigint; reachedAt: Date };

/** Sort comparator for a ladder: the order the hiscores show (docs/hiscores.md). */
export function compareLadder(a: LadderEntry, b: LadderEntry): number {
  const sa = scoreOf(a.level, a.experience);
  const sb = scoreOf(b.level, b.experience);
  if (sa !== sb) return sa > sb ? -1 : 1;
  const ta = tiebreakOf(a.reachedAt, a.userId);
  const tb = tiebreakOf(b.reachedAt, b.userId);
  return ta === tb ? 0 : ta > tb ? -1 : 1;
}
