import "server-only";
import { scheduleFieldErrors, type TSchedule, type TUpdateScheduleInput } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import type { StaffContext } from "./create-competition";
import { NO_SUCH_SCHEDULE, toScheduleDto, toStoredPrizes, upcomingStart } from "./schedule-dto";

// PATCH /api/v1/staff/competitions/schedules/{id}: applies to the competitions it makes from
// now on (one already made is edited on its own). A new rotation, weekday or hour starts the
// rotation again from its first metric at the next start it makes.

export async function updateSchedule(id: number, patch: TUpdateScheduleInput, ctx: StaffContext): Promise<TSchedule> {
  const now = new Date();
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "competitionSchedule", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_SCHEDULE });
    const row = await tx.competitionSchedule.findUniqueOrThrow({ where: { id } });
    const before = toScheduleDto(row, now);
    const kind = patch.kind ?? before.kind;
    const staffChoose = patch.staff_choose ?? row.staffChoose;
    // Turning "staff choose" on empties the rotation unless a new one is sent (and is then refused).
    const rotation = patch.rotation ?? (patch.staff_choose === true ? [] : row.rotation);
    const errors = scheduleFieldErrors({ kind, staff_choose: staffChoose, rotation });
    if (Object.keys(errors).length) throw new AppError("VALIDATION", { fields: errors });
    const weekday = patch.weekday ?? row.weekday;
    const hour = patch.hour ?? row.hour;
    const restart = patch.rotation !== undefined || patch.kind !== undefined || weekday !== row.weekday || hour !== row.hour;
    const saved = await tx.competitionSchedule.update({
      where: { id },
      data: {
        kind: kind === "skill" ? "SKILL" : "BOSS",
        weekday,
        hour,
        staffChoose,
        rotation,
        ...(restart ? { rotationFrom: upcomingStart({ weekday, hour }, now) } : {}),
        ...(patch.duration_hours !== undefined ? { durationHours: patch.duration_hours } : {}),
        ...(patch.signup !== undefined ? { signup: patch.signup === "open" ? "OPEN" : "EVERYONE" } : {}),
        ...(patch.prizes !== undefined ? { prizes: toStoredPrizes(patch.prizes) } : {}),
      },
    });
    const after = toScheduleDto(saved, now);
    await recordAudit(
      {
        action: "competition.schedule.updated",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "competition_schedule",
        targetId: id,
        data: { reason: null, before, after },
      },
      tx,
    );
    return after;
  });
}
