import "server-only";
import { START_LEAD_SECONDS } from "@/lib/competitions/rules";
import type { TCompetition, TCreateCompetitionInput } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { AppError } from "../errors";
import { competitionInclude, toCompetitionDto } from "./competition-dto";
import { queueCompetitionJobs } from "./queue-competition-jobs";
import { forgetLiveCompetitions } from "./running-cache";

// POST /api/v1/staff/competitions: a competition, its metrics, teams and prizes in one
// transaction with its audit entry, its end job and its announcements.

export type StaffContext = { actorId: number; ip: string | null };

export const START_TOO_SOON = `The start must be at least ${START_LEAD_SECONDS} seconds from now.`;

/** Refuses a start less than START_LEAD_SECONDS away (lib/competitions/rules.ts says why). */
export function assertStartLead(startsAt: Date, field = "starts_at"): void {
  if (startsAt.getTime() < Date.now() + START_LEAD_SECONDS * 1000)
    throw new AppError("VALIDATION", { userMessage: START_TOO_SOON, fields: { [field]: [START_TOO_SOON] } });
}

export const KIND_DB = { skills: "SKILLS", activities: "ACTIVITIES" } as const;
export const TYPE_DB = { classic: "CLASSIC", team: "TEAM" } as const;
export const SIGNUP_DB = { open: "OPEN", everyone: "EVERYONE" } as const;

export async function createCompetition(input: TCreateCompetitionInput, ctx: StaffContext): Promise<TCompetition> {
  assertStartLead(input.starts_at);
  const created = await db.$transaction(async (tx) => {
    const row = await tx.competition.create({
      data: {
        title: input.title,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        metricKind: KIND_DB[input.metric_kind],
        type: TYPE_DB[input.type],
        signup: SIGNUP_DB[input.signup],
        createdById: ctx.actorId,
        metrics: { create: input.metrics.map((m) => ({ metric: m.metric, weight: m.weight })) },
        teams: { create: input.teams.map((name) => ({ name })) },
        prizes: { create: input.prizes.map((p, i) => ({ place: i + 1, itemId: p.item_id, quantity: p.quantity })) },
      },
      include: competitionInclude,
    });
    const after = toCompetitionDto(row);
    await recordAudit(
      {
        action: "competition.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "competition",
        targetId: row.id,
        data: { reason: null, before: null, after },
      },
      tx,
    );
    await queueCompetitionJobs(tx, { ...row, hasMetrics: row.metrics.length > 0 }, { created: true });
    await announce(tx, [topic.competitions]);
    return after;
  });
  forgetLiveCompetitions();
  return created;
}
