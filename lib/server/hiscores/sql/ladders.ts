import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { OVERALL_ID } from "@/lib/skills";
import { announce, topic } from "../../changes/announce";
import { db, type Tx } from "../../db";

/** A ladder: one game mode and XP mode. */
export type Ladder = { gameMode: GameMode; xpMode: XpMode };

/** The ladders the user has rows on now. */
export async function selectLaddersOf(tx: Tx, userId: number): Promise<Ladder[]> {
  return tx.$queryRaw<Ladder[]>`SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_stats WHERE "userId" = ${userId} ORDER BY 1, 2`;
}

/** Appends one change row per ladder: an insert of new rows only, so concurrent writers never wait for each other. */
export async function insertLadderChanges(tx: Tx, ladders: readonly Ladder[]): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO hiscore_ladder_changes ("gameMode", "xpMode")
    SELECT g, x FROM unnest(${ladders.map((l) => l.gameMode)}::"GameMode"[], ${ladders.map((l) => l.xpMode)}::"XpMode"[]) AS l(g, x)`;
}

/** The ids of the ladder's changes committed so far (those a refresh starting now takes in). */
export async function selectLadderChangeIds(ladder: Ladder): Promise<bigint[]> {
  const { gameMode, xpMode } = ladder;
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM hiscore_ladder_changes WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode" ORDER BY id`;
  return rows.map((r) => r.id);
}

/**
 * Records a refresh: the ladder's size, the changes it took in deleted (a change committed
 * during the rebuild stays for the next one), and the ladder's pages announced; one transaction.
 */
export async function recordLadderRefresh(ladder: Ladder, seen: readonly bigint[], players: number): Promise<void> {
  const { gameMode, xpMode } = ladder;
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO hiscore_ladders ("gameMode", "xpMode", players, "refreshedAt")
      VALUES (${gameMode}::"GameMode", ${xpMode}::"XpMode", ${players}, now())
      ON CONFLICT ("gameMode", "xpMode") DO UPDATE SET players = EXCLUDED.players, "refreshedAt" = now()`;
    if (seen.length > 0) await tx.$executeRaw`DELETE FROM hiscore_ladder_changes WHERE id = ANY(${[...seen]}::bigint[])`;
    await announce(tx, [topic.ladder(ladder)]);
  });
}

/** Every ladder with changes not yet taken in by a refresh. */
export async function selectChangedLadders(): Promise<Ladder[]> {
  return db.$queryRaw<Ladder[]>`SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_ladder_changes ORDER BY 1, 2`;
}

/** Every ladder with an Overall row, i.e. with players. */
export async function selectLaddersWithPlayers(): Promise<Ladder[]> {
  return db.$queryRaw<Ladder[]>`SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_stats WHERE skill = ${OVERALL_ID}::smallint ORDER BY 1, 2`;
}
