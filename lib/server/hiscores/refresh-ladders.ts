import "server-only";
import { ANCHOR_EVERY } from "@/lib/hiscores";
import { ACTIVITIES } from "@/lib/hiscores-layout";
import { OVERALL_ID, SKILLS } from "@/lib/skills";
import { db } from "../db";
import { log } from "../log";
import type { Ladder } from "./mark-ladders-dirty";
import { countLadderPlayers, deleteAnchors, insertAnchors, lockAnchorRebuild, selectUsedActivities } from "./sql/anchors";
import { recordLadderRefresh, selectChangedLadders, selectLadderChangeIds, selectLaddersWithPlayers } from "./sql/ladders";

// Rebuilds a ladder's anchors: for each of its 24 skills and each activity that has rows (or
// had anchors) the key of every ANCHOR_EVERY-th visible row, found by hopping through the ladder
// index (each hop skips ANCHOR_EVERY-1 index entries: ~0.13 s for a million rows, against ~0.7 s
// for row_number() over the same rows). Each one is replaced in its own short transaction;
// readers see the old or the new set.

const SKILL_IDS = [OVERALL_ID, ...SKILLS.map((_, i) => i + 1)];
const ACTIVITY_IDS = ACTIVITIES.map((a) => a.id);

/** `every` is for tests: readers work with anchors of any spacing. */
export async function refreshLadder(
  ladder: Ladder,
  opts: { force?: boolean; every?: number } = {},
): Promise<{ refreshed: boolean; players: number; ms: number }> {
  const started = performance.now();
  const { gameMode, xpMode } = ladder;
  // The changes committed before the rebuild starts: the ones it takes in.
  const seen = await selectLadderChangeIds(ladder);
  if (!opts.force && seen.length === 0) return { refreshed: false, players: 0, ms: 0 };

  const step = opts.every ?? ANCHOR_EVERY;
  // Activities nobody on this ladder has are skipped: one index probe each, in one statement.
  const used = await selectUsedActivities(ladder, ACTIVITY_IDS);
  for (const skill of [...SKILL_IDS, ...used]) {
    // The lock gives each skill's delete-and-insert its turn against a concurrent refresh.
    await db.$transaction([lockAnchorRebuild(ladder, skill), deleteAnchors(ladder, skill), insertAnchors(ladder, skill, step)]);
  }

  // Players on the ladder: the last Overall anchor's offset plus the rows after it.
  const players = await countLadderPlayers(ladder);
  // Deletes the changes seen before the rebuild (a push during it stays for the next refresh) and
  // announces the ladder's pages, in one transaction.
  await recordLadderRefresh(ladder, seen, players);
  const ms = Math.round(performance.now() - started);
  log.info("hiscores.refreshed", { gameMode, xpMode, players, ms });
  return { refreshed: true, players, ms };
}

/** Every ladder with changes since its last refresh; how many were refreshed. */
export async function refreshChangedLadders(): Promise<number> {
  const changed = await selectChangedLadders();
  for (const l of changed) await refreshLadder(l);
  return changed.length;
}

/** Rebuilds every ladder that has players (after a bulk load such as the hiscores seed). */
export async function refreshAllLadders(): Promise<void> {
  const all = await selectLaddersWithPlayers();
  for (const l of all) await refreshLadder(l, { force: true });
}
