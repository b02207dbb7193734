import "server-only";
import { db } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// Reads of achievements and the adventure log.

export type AchievementRow = { key: string; reachedAt: Date | null };

export async function selectAchievements(userId: number): Promise<{ rows: AchievementRow[]; historyFrom: Date | null; values: Map<number, number> }> {
  const [rows, player, stats] = await Promise.all([
    db.playerAchievement.findMany({ where: { userId }, select: { key: true, reachedAt: true } }),
    db.hiscorePlayer.findUnique({ where: { userId }, select: { historyFrom: true } }),
    db.hiscoreStat.findMany({ where: { userId }, select: { skill: true, experience: true } }),
  ]);
  return { rows, historyFrom: player?.historyFrom ?? null, values: new Map(stats.map((s) => [s.skill, Number(s.experience)])) };
}

export type EventRow = {
  id: bigint;
  userId: number;
  username: string;
  kind: string;
  key: string;
  metric: number | null;
  value: bigint;
  count: number;
  serverFirst: boolean;
  data: unknown;
  createdAt: Date;
  updatedAt: Date;
};

export async function selectPlayerEvents(userId: number, offset: number, limit: number): Promise<EventRow[]> {
  return db.$queryRaw<EventRow[]>`
      SELECT e.id, e."userId", u.username, e.kind, e.key, e.metric, e.value, e.count, e."serverFirst", e.data, e."createdAt", e."updatedAt"
      FROM player_events e JOIN users u ON u.id = e."userId"
      WHERE e."userId" = ${userId}
      ORDER BY e.id DESC OFFSET ${offset} LIMIT ${limit}`;
}

/** The newest entries of the server-wide feed, players on the hiscores only. */
export async function selectFeed(limit: number): Promise<EventRow[]> {
  return db.$queryRaw<EventRow[]>`
      SELECT e.id, e."userId", u.username, e.kind, e.key, e.metric, e.value, e.count, e."serverFirst", e.data, e."createdAt", e."updatedAt"
      FROM player_events e JOIN users u ON u.id = e."userId"
      WHERE e.feed AND u.privilege = 'PLAYER' AND NOT ${BANNED_NOW}
      ORDER BY e.id DESC LIMIT ${limit}`;
}
