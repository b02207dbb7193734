import "server-only";
import { COMPETITIONS_PAGE_SIZE } from "@/lib/competitions/rules";
import type { TCompetition } from "@/lib/schemas/competitions";
import { db } from "../db";
import { competitionInclude, toCompetitionDto } from "./competition-dto";

// The staff list at /staff/competitions: every competition, cancelled ones included, the latest
// start first (planned ones on top), 25 a page. The page checks the administrator rank, as the
// staff API does (lib/schemas/competitions.ts createCompetitionOp).

export async function listStaffCompetitions(page: number): Promise<{ results: TCompetition[]; total: number }> {
  const now = new Date();
  const [rows, total] = await Promise.all([
    db.competition.findMany({
      orderBy: [{ startsAt: "desc" }, { id: "desc" }],
      include: competitionInclude,
      skip: (page - 1) * COMPETITIONS_PAGE_SIZE,
      take: COMPETITIONS_PAGE_SIZE,
    }),
    db.competition.count(),
  ]);
  return { results: rows.map((r) => toCompetitionDto(r, now)), total };
}
