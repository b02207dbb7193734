import "server-only";
import type { Tx } from "../db";
import { insertLadderChanges, type Ladder, selectLaddersOf } from "./sql/ladders";

// A write that can move ranks (the game's push, a ban, a privilege change) records a change of
// each ladder it touched, in its own transaction. A change is a new row of its own
// (hiscore_ladder_changes): no two writers share a row, so pushes for different players of one
// ladder never wait for each other. The refresh loop (refresh-hiscores-task.ts) runs every
// REFRESH_DELAY_MS, rebuilds the anchors of each ladder that has changes, deletes the changes it
// saw and announces the ladder's pages (docs/hiscores.md).

/** How often the refresh loop looks for changed ladders. */
export const REFRESH_DELAY_MS = 15_000;

export type { Ladder };

/** The ladders the user has rows on now. */
export async function laddersOf(tx: Tx, userId: number): Promise<Ladder[]> {
  return selectLaddersOf(tx, userId);
}

/** Records a change of each of these ladders (one row each; nothing is locked but the new rows). */
export async function recordLadderChanges(tx: Tx, ladders: readonly Ladder[]): Promise<void> {
  const unique = [...new Map(ladders.map((l) => [`${l.gameMode}:${l.xpMode}`, l])).values()];
  if (unique.length === 0) return;
  await insertLadderChanges(tx, unique);
}

/** The user's current ladders plus `extra`, recorded as changed; answers them. */
export async function markLaddersDirty(tx: Tx, userId: number, extra?: Ladder): Promise<Ladder[]> {
  const ladders = [...(await laddersOf(tx, userId)), ...(extra ? [extra] : [])];
  await recordLadderChanges(tx, ladders);
  return ladders;
}
