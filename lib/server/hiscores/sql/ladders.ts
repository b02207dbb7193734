import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { OVERALL_ID } from "@/lib/skills";
import { db, type Tx } from "../../db";

/** A ladder: one game mode and XP mode. */
export type Ladder = { gameMode: GameMode; xpMode: XpMode };

/** A ladder's hiscore_ladders row: its version, the version its anchors were built from, its size. */
export type LadderVersionRow = { version: bigint; refreshedVersion: bigint; players: number };

/** The ladders the user has rows on now. */
export async function selectLaddersOf(tx: Tx, userId: number): Promise<Ladder[]> {
  return tx.$queryRaw<Ladder[]>`SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_stats WHERE "userId" = ${userId} ORDER BY 1, 2`;
}

/** Bumps the version of each ladder (creating its row), locking the rows in order; the ladders bumped. */
export async function bumpLadderVersions(tx: Tx, ladders: readonly Ladder[]): Promise<Ladder[]> {
  return tx.$queryRaw<Ladder[]>`
    INSERT INTO hiscore_ladders ("gameMode", "xpMode", version)
    SELECT g, x, 1 FROM unnest(${ladders.map((l) => l.gameMode)}::"GameMode"[], ${ladders.map((l) => l.xpMode)}::"XpMode"[]) AS l(g, x) ORDER BY 1, 2
    ON CONFLICT ("gameMode", "xpMode") DO UPDATE SET version = hiscore_ladders.version + 1
    RETURNING "gameMode", "xpMode"`;
}

/** The ladder's versions and player count; null when it has no row yet. */
export async function selectLadderVersion(ladder: Ladder): Promise<LadderVersionRow | null> {
  const { gameMode, xpMode } = ladder;
  const rows = await db.$queryRaw<LadderVersionRow[]>`
    SELECT version, "refreshedVersion", players FROM hiscore_ladders WHERE "gameMode" = ${gameMode}::"GameMode" AND "xpMode" = ${xpMode}::"XpMode"`;
  return rows[0] ?? null;
}

/** Records a refresh built from version `seen` (never moving refreshedVersion back) and the ladder's size. */
export async function recordLadderRefresh(ladder: Ladder, seen: bigint, players: number): Promise<void> {
  const { gameMode, xpMode } = ladder;
  await db.$executeRaw`
    INSERT INTO hiscore_ladders ("gameMode", "xpMode", version, "refreshedVersion", players, "refreshedAt")
    VALUES (${gameMode}::"GameMode", ${xpMode}::"XpMode", ${seen}, ${seen}, ${players}, now())
    ON CONFLICT ("gameMode", "xpMode") DO UPDATE SET "refreshedVersion" = GREATEST(hiscore_ladders."refreshedVersion", EXCLUDED."refreshedVersion"), players = EXCLUDED.players, "refreshedAt" = now()`;
}

/** Every ladder whose version moved since its last refresh. */
export async function selectStaleLadders(): Promise<Ladder[]> {
  return db.$queryRaw<Ladder[]>`SELECT "gameMode", "xpMode" FROM hiscore_ladders WHERE version > "refreshedVersion" ORDER BY 1, 2`;
}

/** Every ladder with an Overall row, i.e. with players. */
export async function selectLaddersWithPlayers(): Promise<Ladder[]> {
  return db.$queryRaw<Ladder[]>`SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_stats WHERE skill = ${OVERALL_ID}::smallint ORDER BY 1, 2`;
}
