import "server-only";
import { COMPETITIONS_PAGE_SIZE, type TListStatus } from "@/lib/competitions/rules";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TCompetition } from "@/lib/schemas/competitions";
import { db } from "../db";
import { competitionInclude, toCompetitionDto } from "./competition-dto";

// GET /api/v1/competitions?status=: upcoming ones by start, ongoing ones by end (soonest first),
// finished ones newest first; cancelled ones are not listed. "Finished" is by the clock: a
// competition whose end has passed is listed there before its end job has frozen it.

export async function listCompetitions(status: TListStatus, page: number): Promise<{ results: TCompetition[]; total: number }> {
  const now = new Date();
  const where: Prisma.CompetitionWhereInput = {
    cancelledAt: null,
    ...(status === "upcoming" ? { startsAt: { gt: now } } : status === "ongoing" ? { startsAt: { lte: now }, endsAt: { gt: now } } : { endsAt: { lte: now } }),
  };
  const orderBy: Prisma.CompetitionOrderByWithRelationInput[] =
    status === "upcoming"
      ? [{ startsAt: "asc" }, { id: "asc" }]
      : status === "ongoing"
        ? [{ endsAt: "asc" }, { id: "asc" }]
        : [{ endsAt: "desc" }, { id: "desc" }];
  const [rows, total] = await Promise.all([
    db.competition.findMany({ where, orderBy, include: competitionInclude, skip: (page - 1) * COMPETITIONS_PAGE_SIZE, take: COMPETITIONS_PAGE_SIZE }),
    db.competition.count({ where }),
  ]);
  return { results: rows.map((r) => toCompetitionDto(r, now)), total };
}
