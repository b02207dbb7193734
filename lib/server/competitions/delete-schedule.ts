import "server-only";
import type { TSchedule } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import type { StaffContext } from "./create-competition";
import { NO_SUCH_SCHEDULE, toScheduleDto } from "./schedule-dto";

// DELETE /api/v1/staff/competitions/schedules/{id}: it makes no more competitions; those it made
// stay (their scheduleId becomes null), to be cancelled on their own if need be.

export async function deleteSchedule(id: number, ctx: StaffContext): Promise<TSchedule> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "competitionSchedule", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_SCHEDULE });
    const row = await tx.competitionSchedule.findUniqueOrThrow({ where: { id } });
    const before = toScheduleDto(row);
    await tx.competitionSchedule.delete({ where: { id } });
    await recordAudit(
      {
        action: "competition.schedule.deleted",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "competition_schedule",
        targetId: id,
        data: { reason: null, before, after: null },
      },
      tx,
    );
    return before;
  });
}
