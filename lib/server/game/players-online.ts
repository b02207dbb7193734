import "server-only";
import type { TPlayersOnline } from "@/lib/schemas/game";
import { db } from "../db";

// Players online as the game reports them, one row per world. A world that stopped reporting
// (crashed, shut down) drops out of the count after STALE_AFTER_SEC.

export const STALE_AFTER_SEC = 5 * 60;

export async function reportPlayersOnline(world: number, count: number): Promise<TPlayersOnline> {
  await db.gameWorld.upsert({ where: { world }, create: { world, playersOnline: count }, update: { playersOnline: count } });
  return getPlayersOnline();
}

export async function getPlayersOnline(): Promise<TPlayersOnline> {
  const since = new Date(Date.now() - STALE_AFTER_SEC * 1000);
  const rows = await db.gameWorld.findMany({ where: { updatedAt: { gte: since } }, orderBy: { world: "asc" } });
  return {
    count: rows.reduce((sum, r) => sum + r.playersOnline, 0),
    worlds: rows.map((r) => ({ world: r.world, count: r.playersOnline, updated: r.updatedAt.toISOString() })),
  };
}
