import "server-only";
import { START_LEAD_SECONDS } from "@/lib/competitions/rules";
import { type CompetitionShape, competitionFieldErrors, type TCompetition, type TUpdateCompetitionInput } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { competitionInclude, NO_SUCH_COMPETITION, toCompetitionDto } from "./competition-dto";
import { assertStartLead, KIND_DB, SIGNUP_DB, type StaffContext, TYPE_DB } from "./create-competition";
import { queueCompetitionJobs } from "./queue-competition-jobs";
import { forgetLiveCompetitions } from "./running-cache";

// PATCH /api/v1/staff/competitions/{id}: until START_LEAD_SECONDS before the start (so every app
// process has the final version by the start, lib/server/competitions/running-cache.ts). The
// type, sign-up and teams change only while nobody has signed up. The row is locked, the edit
// and its audit entry (before and after) commit together, the version goes up (announcements
// queued for the old one say nothing) and the end and announcements follow the new times.

export const TOO_LATE_TO_EDIT = `It starts in less than ${START_LEAD_SECONDS} seconds, or has started: it can no longer be edited.`;

export async function updateCompetition(id: number, patch: TUpdateCompetitionInput, ctx: StaffContext): Promise<TCompetition> {
  const updated = await db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "competition", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_COMPETITION });
    const row = await tx.competition.findUniqueOrThrow({ where: { id }, include: competitionInclude });
    if (row.cancelledAt) throw new AppError("CONFLICT", { userMessage: "It is cancelled." });
    if (row.startsAt.getTime() < Date.now() + START_LEAD_SECONDS * 1000) throw new AppError("CONFLICT", { userMessage: TOO_LATE_TO_EDIT });
    if (patch.starts_at) assertStartLead(patch.starts_at);
    const before = toCompetitionDto(row);

    const merged: CompetitionShape = {
      starts_at: patch.starts_at ?? row.startsAt,
      ends_at: patch.ends_at ?? row.endsAt,
      metric_kind: patch.metric_kind ?? before.metric_kind,
      metrics: patch.metrics ?? row.metrics.map((m) => ({ metric: m.metric, weight: m.weight })),
      type: patch.type ?? before.type,
      signup: patch.signup ?? before.signup,
      teams: patch.teams ?? row.teams.map((t) => t.name),
    };
    const errors = competitionFieldErrors(merged);
    // A kind changed without new metrics: the old ones are the wrong kind; say so on the field sent.
    if (errors.metrics && !patch.metrics && patch.metric_kind) errors.metric_kind = errors.metrics;
    if (Object.keys(errors).length) throw new AppError("VALIDATION", { fields: errors });

    const shapeChanges =
      (patch.type !== undefined && patch.type !== before.type) ||
      (patch.signup !== undefined && patch.signup !== before.signup) ||
      (patch.teams !== undefined && patch.teams.join("\n") !== row.teams.map((t) => t.name).join("\n"));
    if (shapeChanges && (await tx.competitionParticipant.count({ where: { competitionId: id } })) > 0)
      throw new AppError("CONFLICT", { userMessage: "Players have signed up: the type, sign-up and teams can no longer change." });

    if (patch.metrics) {
      const metrics = merged.metrics.map((m) => ({ competitionId: id, metric: m.metric, weight: m.weight }));
      await tx.competitionMetric.deleteMany({ where: { competitionId: id } });
      await tx.competitionMetric.createMany({ data: metrics });
    }
    if (patch.prizes) {
      const prizes = patch.prizes.map((p, i) => ({ competitionId: id, place: i + 1, itemId: p.item_id, quantity: p.quantity }));
      await tx.competitionPrize.deleteMany({ where: { competitionId: id } });
      await tx.competitionPrize.createMany({ data: prizes });
    }
    if (patch.teams && shapeChanges) {
      await tx.competitionTeam.deleteMany({ where: { competitionId: id } });
      await tx.competitionTeam.createMany({ data: merged.teams.map((name) => ({ competitionId: id, name })) });
    }
    const saved = await tx.competition.update({
      where: { id },
      data: {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        startsAt: merged.starts_at,
        endsAt: merged.ends_at,
        metricKind: KIND_DB[merged.metric_kind],
        type: TYPE_DB[merged.type],
        signup: SIGNUP_DB[merged.signup],
        version: { increment: 1 },
      },
      include: competitionInclude,
    });
    const after = toCompetitionDto(saved);
    await recordAudit(
      { action: "competition.updated", actorId: ctx.actorId, ip: ctx.ip, targetType: "competition", targetId: id, data: { reason: null, before, after } },
      tx,
    );
    await queueCompetitionJobs(tx, { ...saved, hasMetrics: saved.metrics.length > 0 }, { created: row.metrics.length === 0 && saved.metrics.length > 0 });
    await announce(tx, [topic.competitions, topic.competition(id)]);
    return after;
  });
  forgetLiveCompetitions();
  return updated;
}
