import "server-only";
import type { Tx } from "../../db";

// The vote goals a counted vote moves, locked while their round is redone (../goals/reach.ts).

/** Locks, in id order, the active vote goals counting at `at` (from their start, before their end); their ids. */
export async function lockVoteGoalsCounting(tx: Tx, at: Date): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM vote_goals
    WHERE active AND "startsAt" <= ${at}::timestamptz AND ("endsAt" IS NULL OR ${at}::timestamptz < "endsAt")
    ORDER BY id
    FOR UPDATE`;
  return rows.map((r) => r.id);
}
