import "server-only";
import type { z } from "zod";
import type { ZJoinInput, ZJoinResult } from "@/lib/schemas/competitions";
import { announce, topic } from "../changes/announce";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { NO_SUCH_COMPETITION } from "./competition-dto";
import { startLateJoiner } from "./sql/join";

// POST /api/v1/competitions/{id}/join and DELETE (leave), for the signed-in player. The player's
// row is locked first, as a push locks it, then the competition's: a sign-up and a push of the
// same player apply one after the other, and a sign-up never meets a half-made edit or cancel.

type Joined = z.infer<typeof ZJoinResult>;

export const EVERYONE_TAKES_PART = "Every player takes part in this competition: there is no sign-up.";
export const HAS_ENDED = "It has ended.";

async function lockBoth(tx: Tx, userId: number, competitionId: number) {
  await lockRowById(tx, "user", userId);
  if (!(await lockRowById(tx, "competition", competitionId))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_COMPETITION });
  const c = await tx.competition.findUniqueOrThrow({ where: { id: competitionId }, include: { teams: { select: { id: true } } } });
  if (c.cancelledAt) throw new AppError("CONFLICT", { userMessage: "It was cancelled." });
  if (c.endedAt || c.endsAt.getTime() <= Date.now()) throw new AppError("CONFLICT", { userMessage: HAS_ENDED });
  if (c.signup === "EVERYONE") throw new AppError("CONFLICT", { userMessage: EVERYONE_TAKES_PART });
  return c;
}

export async function joinCompetition(userId: number, competitionId: number, input: z.output<typeof ZJoinInput>): Promise<Joined> {
  return db.$transaction(async (tx) => {
    const c = await lockBoth(tx, userId, competitionId);
    const teamId = input.team_id ?? null;
    if (c.type === "TEAM" && teamId === null) throw new AppError("VALIDATION", { fields: { team_id: ["Choose a team."] } });
    if (c.type === "CLASSIC" && teamId !== null) throw new AppError("VALIDATION", { fields: { team_id: ["This competition has no teams."] } });
    if (teamId !== null && !c.teams.some((t) => t.id === teamId))
      throw new AppError("VALIDATION", { fields: { team_id: ["No such team in this competition."] } });
    const existing = await tx.competitionParticipant.findUnique({ where: { competitionId_userId: { competitionId, userId } }, select: { userId: true } });
    if (existing) throw new AppError("CONFLICT", { userMessage: "You have signed up already. To change team, leave and join again." });
    const row = await tx.competitionParticipant.create({ data: { competitionId, userId, teamId }, select: { joinedAt: true } });
    const late = await startLateJoiner(tx, competitionId, userId);
    await announce(tx, [topic.competition(competitionId)]);
    return { competition_id: competitionId, team_id: teamId, joined_at: row.joinedAt.toISOString(), late };
  });
}

export async function leaveCompetition(userId: number, competitionId: number): Promise<{ competition_id: number; left: true }> {
  return db.$transaction(async (tx) => {
    await lockBoth(tx, userId, competitionId);
    const gone = await tx.competitionParticipant.deleteMany({ where: { competitionId, userId } });
    if (gone.count === 0) throw new AppError("CONFLICT", { userMessage: "You have not signed up for it." });
    await announce(tx, [topic.competition(competitionId)]);
    return { competition_id: competitionId, left: true };
  });
}
