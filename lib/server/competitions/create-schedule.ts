import "server-only";
import type { TCreateScheduleInput, TSchedule } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import type { StaffContext } from "./create-competition";
import { makeScheduledCompetition } from "./make-scheduled-competitions";
import { forgetLiveCompetitions } from "./running-cache";
import { toScheduleDto, toStoredPrizes, upcomingStart } from "./schedule-dto";

// POST /api/v1/staff/competitions/schedules: the schedule and its first competition (the first
// start at least an hour away), in one transaction with the one audit entry, which names that
// competition. Its rotation counts its weeks from that first start.

export async function createSchedule(input: TCreateScheduleInput, ctx: StaffContext): Promise<TSchedule> {
  const now = new Date();
  const first = upcomingStart(input, now);
  const created = await db.$transaction(async (tx) => {
    const s = await tx.competitionSchedule.create({
      data: {
        kind: input.kind === "skill" ? "SKILL" : "BOSS",
        weekday: input.weekday,
        hour: input.hour,
        durationHours: input.duration_hours,
        signup: input.signup === "open" ? "OPEN" : "EVERYONE",
        staffChoose: input.staff_choose,
        rotation: input.rotation,
        rotationFrom: first,
        prizes: toStoredPrizes(input.prizes),
        createdById: ctx.actorId,
      },
    });
    const after = toScheduleDto(s, now);
    const firstCompetitionId = await makeScheduledCompetition(tx, s, first, { audited: false });
    await recordAudit(
      {
        action: "competition.schedule.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "competition_schedule",
        targetId: s.id,
        data: { reason: null, before: null, after: { ...after, firstCompetitionId } },
      },
      tx,
    );
    return after;
  });
  forgetLiveCompetitions();
  return created;
}
