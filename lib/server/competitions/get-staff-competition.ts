import "server-only";
import type { TCompetition } from "@/lib/schemas/competitions";
import { db } from "../db";
import { competitionInclude, toCompetitionDto } from "./competition-dto";

// One competition for its staff page (/staff/competitions/{id}): what it is, and how many have
// signed up (while anyone has, its type, sign-up and teams stay as they are:
// lib/server/competitions/update-competition.ts). Null when there is none with this id.

export async function getStaffCompetition(id: number): Promise<{ competition: TCompetition; participants: number } | null> {
  const [row, participants] = await Promise.all([
    db.competition.findUnique({ where: { id }, include: competitionInclude }),
    db.competitionParticipant.count({ where: { competitionId: id } }),
  ]);
  return row ? { competition: toCompetitionDto(row), participants } : null;
}
