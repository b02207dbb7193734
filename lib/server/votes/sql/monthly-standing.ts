import "server-only";
import type { DbClient } from "../../accounts/db-client";
import { BANNED_NOW } from "../../sql/bans";

// A player's place among a month's voters, ranked like the monthly leaderboard (vote-metrics.ts):
// more counted votes first, equal counts by who reached theirs first, then by account id; banned
// players left out. votes."createdAt" holds UTC without a zone, so the bounds are given as UTC.

const utc = (t: Date) => t.toISOString();

export async function monthlyPlace(client: DbClient, userId: number, bounds: { start: Date; end: Date }): Promise<{ votes: number; place: number | null }> {
  const [row] = await client.$queryRaw<{ votes: number; place: number | null }[]>`
    WITH counts AS (
      SELECT v."userId", count(*)::int AS votes, max(v."createdAt") AS reached
      FROM votes v
      WHERE v."createdAt" >= (${utc(bounds.start)}::timestamptz AT TIME ZONE 'UTC')
        AND v."createdAt" < (${utc(bounds.end)}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY v."userId"
    ), me AS (SELECT * FROM counts WHERE "userId" = ${userId})
    SELECT coalesce((SELECT votes FROM me), 0) AS votes,
      CASE WHEN EXISTS (SELECT 1 FROM me) THEN (
        SELECT count(*)::int + 1 FROM counts c JOIN users ON users.id = c."userId", me
        WHERE c."userId" <> me."userId" AND NOT ${BANNED_NOW}
          AND (c.votes > me.votes OR (c.votes = me.votes AND (c.reached < me.reached OR (c.reached = me.reached AND c."userId" < me."userId"))))
      ) END AS place`;
  return row ?? { votes: 0, place: null };
}
