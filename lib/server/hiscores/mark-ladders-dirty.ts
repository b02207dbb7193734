import "server-only";
import type { Tx } from "../db";
import { enqueue } from "../jobs/enqueue";
import { bumpLadderVersions, type Ladder, selectLaddersOf } from "./sql/ladders";

// A write that can move ranks (the game's push, a ban, a privilege change) bumps its ladders'
// version and queues their refresh in the same transaction. The refresh waits REFRESH_DELAY_MS
// and a later write does not postpone it (preserve_run_at): under a steady stream of pushes a
// ladder is refreshed about every REFRESH_DELAY_MS plus the refresh itself (docs/hiscores.md).

export const REFRESH_DELAY_MS = 15_000;

export type { Ladder };

export const refreshJobKey = (l: Ladder) => `refresh-hiscores:${l.gameMode}:${l.xpMode}`;

/** The ladders the user has rows on now. */
export async function laddersOf(tx: Tx, userId: number): Promise<Ladder[]> {
  return selectLaddersOf(tx, userId);
}

/**
 * Bumps these ladders' versions and queues their refresh. Both writes lock one row per ladder
 * (its hiscore_ladders row, its refresh job) until the transaction ends, so every write to the
 * ladder waits behind them: call this as the transaction's last step.
 */
export async function bumpLadders(tx: Tx, ladders: readonly Ladder[]): Promise<void> {
  const unique = [...new Map(ladders.map((l) => [`${l.gameMode}:${l.xpMode}`, l])).values()];
  if (unique.length === 0) return;
  const bumped = await bumpLadderVersions(tx, unique);
  for (const l of bumped) {
    await enqueue("refresh-hiscores", { gameMode: l.gameMode, xpMode: l.xpMode }, { tx, runAt: new Date(Date.now() + REFRESH_DELAY_MS), jobKey: refreshJobKey(l), jobKeyMode: "preserve_run_at" });
  }
}

/** The user's current ladders plus `extra`, bumped (for writes that change nothing else after). */
export async function markLaddersDirty(tx: Tx, userId: number, extra?: Ladder): Promise<void> {
  await bumpLadders(tx, [...(await laddersOf(tx, userId)), ...(extra ? [extra] : [])]);
}
