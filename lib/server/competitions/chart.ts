import "server-only";
import { buildCompetitionChart, type CompetitionChart } from "@/lib/competitions/chart";
import { hourOf } from "@/lib/progress/periods";
import { db } from "../db";
import { selectChartBases, selectChartHistory } from "./sql/chart";
import { selectStandings } from "./sql/standings";

/** How many players the standings chart draws. */
export const CHART_PLAYERS = 5;

/**
 * The standings chart of a competition that has started: its first CHART_PLAYERS players with a
 * score above 0, hour by hour from the start to now (or the end). Null before the start or while
 * nobody has scored. Two indexed reads: the players' start values, then their hourly history.
 */
export async function competitionChart(
  c: { id: number; startsAt: Date; endsAt: Date; endedAt: Date | null },
  now = new Date(),
): Promise<CompetitionChart | null> {
  if (now < c.startsAt) return null;
  const top = (await selectStandings(db, c.id, c.endedAt !== null, 0, CHART_PLAYERS)).filter((r) => r.score > 0n);
  if (top.length === 0) return null;
  const last = now < c.endsAt ? now : c.endsAt;
  const userIds = top.map((r) => r.userId);
  const bases = await selectChartBases(db, c.id, userIds);
  const history = await selectChartHistory(db, userIds, [...new Set(bases.map((b) => b.metric))], hourOf(c.startsAt), last);
  return buildCompetitionChart(
    top.map((r) => ({ userId: r.userId, username: r.username, score: Number(r.score) })),
    bases,
    history,
    c.startsAt,
    last,
  );
}
