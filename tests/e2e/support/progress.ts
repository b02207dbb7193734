import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { levelForXp } from "../../../lib/xp";
import { e2eQuery as sql } from "../../factories/e2e-users";

// The game's side of progress for e2e journeys (docs/progress.md): pushes through the real game
// API, and "ageing" what a push wrote so that one journey can have history over several hours
// (the push always writes the current hour). Players go on a ladder no other journey reads
// (Hardcore Ironman, 15x), so their pushes move nobody's rank on the ladders other specs check.

export const LADDER = { game_mode: "hardcore_ironman", xp_mode: "15x" } as const;
export const LADDER_QUERY = "mode=hardcore_ironman&xp=15x";

/** A game API key with the hiscores and events scopes (hash only in the database). */
export async function progressKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['hiscores', 'events'])`, [`e2e-${prefix}`, prefix, hash]);
  return key;
}

/** The 23 skills' experience, all 0 but those given (index 0 = Attack, as the push sends them). */
export function skills(xp: Record<number, number>): number[] {
  return Array.from({ length: 23 }, (_, i) => xp[i] ?? 0);
}

/** POST /api/v1/game/hiscores, as the game server sends it. */
export async function push(request: APIRequestContext, key: string, playerId: number, experience: number[], activities: Record<string, number> = {}) {
  const res = await request.post("/api/v1/game/hiscores", {
    headers: { "x-api-key": key },
    data: { player_id: playerId, ...LADDER, experience, activities },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** POST /api/v1/game/events. */
export async function pushEvents(request: APIRequestContext, key: string, playerId: number, events: object[]) {
  const res = await request.post("/api/v1/game/events", { headers: { "x-api-key": key }, data: { player_id: playerId, events } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Stats the player had before the site kept history (written as the push stores them, with no
 * history): what they had met by then is "met before history" at their first push.
 */
export async function statsBeforeHistory(userId: number, experience: number[]): Promise<void> {
  const levels = experience.map(levelForXp);
  await sql(
    `INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
     SELECT $1, 'HARDCORE_IRONMAN', 'X15', s.skill, s.level, s.xp, now(), false
     FROM unnest($2::smallint[], $3::smallint[], $4::bigint[]) AS s(skill, level, xp)`,
    [userId, [0, ...experience.map((_, i) => i + 1)], [levels.reduce((a, b) => a + b, 0), ...levels], [experience.reduce((a, b) => a + b, 0), ...experience]],
  );
}

/**
 * Moves everything the player's pushes wrote `hours` into the past (history rows, achievement
 * dates, log entries, server firsts, where their history begins), as if those pushes had come
 * that long ago; the next push then writes a new hour and starts new log entries.
 */
export async function age(userId: number, hours: number): Promise<void> {
  const shift = `make_interval(hours => ${Number(hours)})`;
  await sql(`UPDATE hiscore_history SET bucket = bucket - ${shift} WHERE "userId" = $1`, [userId]);
  await sql(`UPDATE player_achievements SET "reachedAt" = "reachedAt" - ${shift}, "createdAt" = "createdAt" - ${shift} WHERE "userId" = $1`, [userId]);
  await sql(`UPDATE player_events SET "createdAt" = "createdAt" - ${shift}, "updatedAt" = "updatedAt" - ${shift} WHERE "userId" = $1`, [userId]);
  await sql(`UPDATE server_firsts SET "reachedAt" = "reachedAt" - ${shift} WHERE "userId" = $1`, [userId]);
  await sql(`UPDATE hiscore_players SET "historyFrom" = "historyFrom" - ${shift}, "lastPushAt" = "lastPushAt" - ${shift} WHERE "userId" = $1`, [userId]);
}

/**
 * Runs the refresh-gains job now (top gainers, then the records of finished hours), as its
 * five-minute schedule would. The records cursor is first moved back before this player's
 * oldest hour, so hours aged into the past are read: reading an hour again changes nothing
 * (a record is replaced only by a greater gain, docs/progress.md).
 */
export async function refreshGains(userId: number): Promise<void> {
  await sql(
    `UPDATE hiscore_upkeep SET at = least(at, (SELECT min(bucket) FROM hiscore_history WHERE "userId" = $1) - interval '1 hour') WHERE name = 'records'`,
    [userId],
  );
  await sql(`SELECT graphile_worker.add_job('refresh-gains', '{}'::json, job_key := 'refresh-gains')`);
}

/** 13,034,431: level 99. */
export const XP_99 = 13_034_431;
