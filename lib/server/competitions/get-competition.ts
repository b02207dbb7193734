import "server-only";
import { STANDINGS_PAGE_SIZE, statusAt } from "@/lib/competitions/rules";
import { metricSlug } from "@/lib/progress/metrics";
import type { TCompetitionView, TStanding, TTeamStanding } from "@/lib/schemas/competitions";
import { db } from "../db";
import { AppError } from "../errors";
import { competitionInclude, NO_SUCH_COMPETITION, toCompetitionDto } from "./competition-dto";
import { countStandings, orderTeams, selectMine, selectProgress, selectStandings, selectTeams } from "./sql/standings";

// GET /api/v1/competitions/{id}: the competition, one page of its standings with each player's
// progress per metric, its teams (total, average, MVP) and the signed-in player's own place.

export type CompetitionPage = Omit<TCompetitionView, "previous" | "next"> & { total: number };

export async function getCompetition(id: number, page: number, viewerId: number | null): Promise<CompetitionPage> {
  const row = await db.competition.findUnique({ where: { id }, include: competitionInclude });
  if (!row) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_COMPETITION });
  const competition = toCompetitionDto(row);
  const ended = row.endedAt !== null;
  const offset = (page - 1) * STANDINGS_PAGE_SIZE;
  const [rows, total, teams, mine] = await Promise.all([
    selectStandings(db, id, ended, offset, STANDINGS_PAGE_SIZE),
    countStandings(db, id, ended),
    row.type === "TEAM" ? selectTeams(db, id) : Promise.resolve(null),
    viewerId === null ? Promise.resolve(null) : selectMine(db, id, viewerId, ended),
  ]);
  const progress = await selectProgress(
    db,
    id,
    rows.map((r) => r.userId),
  );
  const teamName = new Map(row.teams.map((t) => [t.id, t.name]));
  const results: TStanding[] = rows.map((r, i) => ({
    rank: ended ? r.finalRank! : offset + i + 1,
    id: r.userId,
    username: r.username,
    score: Number(r.score),
    reached_at: r.reachedAt.toISOString(),
    team: r.teamId === null ? null : { id: r.teamId, name: teamName.get(r.teamId) ?? "" },
    progress: progress
      .filter((p) => p.userId === r.userId)
      .map((p) => ({
        metric: metricSlug(p.metric),
        start: Number(p.baseline),
        end: Number(p.current),
        gained: Math.max(0, Number(p.current - p.baseline)),
      })),
  }));

  let teamStandings: TTeamStanding[] | null = null;
  if (teams) {
    const ordered = ended ? [...teams].sort((a, b) => (a.finalRank ?? Infinity) - (b.finalRank ?? Infinity) || a.id - b.id) : orderTeams(teams);
    teamStandings = ordered.map((t, i) => ({
      rank: ended ? (t.finalRank ?? i + 1) : i + 1,
      id: t.id,
      name: t.name,
      members: t.members,
      total: Number(t.total),
      average: t.members === 0 ? 0 : Math.round((Number(t.total) / t.members) * 100) / 100,
      mvp: t.mvpId === null ? null : { id: t.mvpId, username: t.mvpName ?? "", score: Number(t.mvpScore ?? 0) },
    }));
  }

  const open = row.signup === "OPEN" && statusAt(row, new Date()) !== "cancelled" && row.endedAt === null && new Date() < row.endsAt;
  const me =
    viewerId === null
      ? null
      : {
          joined: mine !== null,
          can_join: mine === null && open,
          rank: mine?.rank ?? null,
          score: mine ? Number(mine.score) : null,
          team_id: mine?.teamId ?? null,
        };
  return { competition, participants: total, results, teams: teamStandings, me, total };
}
