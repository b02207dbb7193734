import "server-only";
import { db } from "../db";
import { log } from "../log";
import { STALE_AFTER_SEC } from "./players-online";

// The players-online history behind the staff dashboard's chart. game_worlds holds only each
// world's latest push, so the sample-players-online job (crontab, every five minutes) copies the
// total into players_online_samples, one row per run, and deletes samples past the retention.

export const SAMPLE_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PlayersOnlineSampleResult = { playersOnline: number; worlds: number; deleted: number };

/**
 * Records one sample as of `now`: the sum over the worlds that reported within STALE_AFTER_SEC
 * (the same rule as the public count), and deletes samples older than the retention. In one
 * transaction, so a retried run never leaves a second sample behind a failed delete.
 */
export async function samplePlayersOnline(now = new Date()): Promise<PlayersOnlineSampleResult> {
  const since = new Date(now.getTime() - STALE_AFTER_SEC * 1000);
  const cutoff = new Date(now.getTime() - SAMPLE_RETENTION_DAYS * DAY_MS);
  const result = await db.$transaction(async (tx) => {
    const fresh = await tx.gameWorld.aggregate({ where: { updatedAt: { gte: since, lte: now } }, _sum: { playersOnline: true }, _count: { _all: true } });
    const sample = await tx.playersOnlineSample.create({ data: { sampledAt: now, playersOnline: fresh._sum.playersOnline ?? 0, worlds: fresh._count._all } });
    const { count } = await tx.playersOnlineSample.deleteMany({ where: { sampledAt: { lt: cutoff } } });
    return { playersOnline: sample.playersOnline, worlds: sample.worlds, deleted: count };
  });
  if (result.deleted > 0) log.info("game.players_online_samples_deleted", { count: result.deleted });
  return result;
}
