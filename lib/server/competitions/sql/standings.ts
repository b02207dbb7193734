import "server-only";
import { Prisma, type Db, type Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

// The standings of a competition (docs/competitions.md, "Standings"). Staff and banned players
// (as of now) are left out of every list, count and rank. While a competition runs the order is
// score, then who reached their score first, then the older account; once ended it is the frozen
// place of the end. Both are one index range per page (competition_standings_idx,
// competition_final_idx).

type Client = Pick<Db | Tx, "$queryRaw" | "$executeRaw">;

/** SQL: the users row `u` is shown on the standings (a player, not banned now). */
const VISIBLE = Prisma.sql`(u.privilege = 'PLAYER' AND NOT ${BANNED_NOW})`;

/**
 * SQL: the ids of the users NOT shown (staff, or banned now): exactly NOT VISIBLE, read from the
 * privilege index (PLAYER is the lowest privilege) and the banned-users index. They are few, so a
 * page of the standings filters them out while walking the standings index, and looks up the
 * accounts of the page's own rows only: a competition of 10,000 players costs no 10,000 lookups.
 */
const HIDDEN_IDS = Prisma.sql`(
  SELECT h.id FROM users h WHERE h.privilege > 'PLAYER'
  UNION
  SELECT h.id FROM users h WHERE ${BANNED_NOW}
)`;

export type StandingRow = { userId: number; username: string; score: bigint; reachedAt: Date; teamId: number | null; finalRank: number | null };

/** One page of the standings, in order. */
export async function selectStandings(client: Client, competitionId: number, ended: boolean, offset: number, limit: number): Promise<StandingRow[]> {
  if (ended)
    return client.$queryRaw<StandingRow[]>`
        SELECT p."userId", u.username, p.score, p."reachedAt", p."teamId", p."finalRank"
        FROM (
          SELECT q.* FROM competition_participants q
          WHERE q."competitionId" = ${competitionId} AND q."finalRank" IS NOT NULL AND q."userId" NOT IN ${HIDDEN_IDS}
          ORDER BY q."finalRank" OFFSET ${offset} LIMIT ${limit}
        ) p JOIN users u ON u.id = p."userId"
        ORDER BY p."finalRank"`;
  return client.$queryRaw<StandingRow[]>`
      SELECT p."userId", u.username, p.score, p."reachedAt", p."teamId", p."finalRank"
      FROM (
        SELECT q.* FROM competition_participants q
        WHERE q."competitionId" = ${competitionId} AND q."userId" NOT IN ${HIDDEN_IDS}
        ORDER BY q.score DESC, q."reachedAt", q."userId" OFFSET ${offset} LIMIT ${limit}
      ) p JOIN users u ON u.id = p."userId"
      ORDER BY p.score DESC, p."reachedAt", p."userId"`;
}

/** How many players the standings list. */
export async function countStandings(client: Client, competitionId: number, ended: boolean): Promise<number> {
  const rows = await client.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM competition_participants p
      WHERE p."competitionId" = ${competitionId} AND p."userId" NOT IN ${HIDDEN_IDS} AND (NOT ${ended} OR p."finalRank" IS NOT NULL)`;
  return rows[0]?.n ?? 0;
}

export type ProgressRow = { userId: number; metric: number; baseline: bigint; current: bigint };

/** The metric rows of these participants. */
export async function selectProgress(client: Client, competitionId: number, userIds: number[]): Promise<ProgressRow[]> {
  if (userIds.length === 0) return [];
  return client.$queryRaw<ProgressRow[]>`
      SELECT "userId", metric, baseline, current FROM competition_progress
      WHERE "competitionId" = ${competitionId} AND "userId" = ANY(${userIds}::int[])
      ORDER BY "userId", metric`;
}

export type MineRow = { score: bigint; teamId: number | null; visible: boolean; rank: number | null };

/** The player's own entry and place (null when not taking part). */
export async function selectMine(client: Client, competitionId: number, userId: number, ended: boolean): Promise<MineRow | null> {
  const rows = await client.$queryRaw<MineRow[]>`
      SELECT p.score, p."teamId", ${VISIBLE} AS visible,
             CASE WHEN NOT ${VISIBLE} THEN NULL
                  WHEN ${ended} THEN p."finalRank"
                  ELSE 1 + (SELECT count(*)::int FROM competition_participants q
                            WHERE q."competitionId" = p."competitionId" AND q."userId" NOT IN ${HIDDEN_IDS}
                              AND (q.score > p.score OR (q.score = p.score AND (q."reachedAt" < p."reachedAt"
                                   OR (q."reachedAt" = p."reachedAt" AND q."userId" < p."userId")))))
             END AS rank
      FROM competition_participants p JOIN users u ON u.id = p."userId"
      WHERE p."competitionId" = ${competitionId} AND p."userId" = ${userId}`;
  return rows[0] ?? null;
}

export type TeamRow = {
  id: number;
  name: string;
  finalRank: number | null;
  members: number;
  total: bigint;
  /** When the team's total was reached: its last scoring member's reachedAt (null while it has none). */
  reachedAt: Date | null;
  mvpId: number | null;
  mvpName: string | null;
  mvpScore: bigint | null;
};

/** Every team with its visible members' count and total, and its best member (MVP), unordered. */
export async function selectTeams(client: Client, competitionId: number): Promise<TeamRow[]> {
  return client.$queryRaw<TeamRow[]>`
      WITH m AS (
        SELECT p."teamId", p."userId", u.username, p.score, p."reachedAt",
               row_number() OVER (PARTITION BY p."teamId" ORDER BY p.score DESC, p."reachedAt", p."userId") AS pos
        FROM competition_participants p JOIN users u ON u.id = p."userId"
        WHERE p."competitionId" = ${competitionId} AND p."teamId" IS NOT NULL AND ${VISIBLE}
      )
      SELECT t.id, t.name, t."finalRank", count(m."userId")::int AS members, coalesce(sum(m.score), 0)::bigint AS total,
             max(m."reachedAt") FILTER (WHERE m.score > 0) AS "reachedAt",
             max(m."userId") FILTER (WHERE m.pos = 1 AND m.score > 0) AS "mvpId",
             max(m.username) FILTER (WHERE m.pos = 1 AND m.score > 0) AS "mvpName",
             max(m.score) FILTER (WHERE m.pos = 1 AND m.score > 0) AS "mvpScore"
      FROM competition_teams t LEFT JOIN m ON m."teamId" = t.id
      WHERE t."competitionId" = ${competitionId}
      GROUP BY t.id`;
}

/** Teams in their order now: total, then who reached their total first, then the older team. */
export function orderTeams<T extends Pick<TeamRow, "id" | "total" | "reachedAt">>(teams: T[]): T[] {
  const time = (d: Date | null) => d?.getTime() ?? Number.MAX_SAFE_INTEGER;
  return [...teams].sort((a, b) => (a.total === b.total ? time(a.reachedAt) - time(b.reachedAt) || a.id - b.id : a.total > b.total ? -1 : 1));
}

// ── the end ──

/** Freezes the places: every visible participant's rank now, in the standings' order; others get none. */
export async function freezeRanks(tx: Tx, competitionId: number): Promise<void> {
  await tx.$executeRaw`
      UPDATE competition_participants p SET "finalRank" = r.rank
      FROM (
        SELECT q."userId", row_number() OVER (ORDER BY q.score DESC, q."reachedAt", q."userId")::int AS rank
        FROM competition_participants q JOIN users u ON u.id = q."userId"
        WHERE q."competitionId" = ${competitionId} AND ${VISIBLE}
      ) r
      WHERE p."competitionId" = ${competitionId} AND p."userId" = r."userId"`;
}

/** Writes the teams' places (ids in order: the first is place 1). */
export async function freezeTeamRanks(tx: Tx, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await tx.$executeRaw`
      UPDATE competition_teams t SET "finalRank" = r.rank
      FROM unnest(${teamIds}::int[]) WITH ORDINALITY AS r(id, rank)
      WHERE t.id = r.id`;
}

export type WinnerRow = { userId: number; place: number };

/**
 * Who wins a prize, with the place it is for: a classic competition's first `places` players with a
 * score above 0; in a team one, every visible member with a score above 0 of the teams placed
 * 1..`places` whose total is above 0. Reads the frozen places.
 */
export async function selectWinners(tx: Tx, competitionId: number, team: boolean, places: number): Promise<WinnerRow[]> {
  if (places === 0) return [];
  if (!team)
    return tx.$queryRaw<WinnerRow[]>`
        SELECT p."userId", p."finalRank" AS place FROM competition_participants p
        WHERE p."competitionId" = ${competitionId} AND p."finalRank" <= ${places} AND p.score > 0
        ORDER BY p."finalRank"`;
  return tx.$queryRaw<WinnerRow[]>`
      SELECT p."userId", t."finalRank" AS place
      FROM competition_teams t JOIN competition_participants p ON p."teamId" = t.id AND p."competitionId" = t."competitionId"
      WHERE t."competitionId" = ${competitionId} AND t."finalRank" <= ${places} AND p."finalRank" IS NOT NULL AND p.score > 0
      ORDER BY t."finalRank", p."finalRank"`;
}
