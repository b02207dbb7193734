import "server-only";
import type { TCompetition } from "@/lib/schemas/competitions";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { competitionInclude, NO_SUCH_COMPETITION, toCompetitionDto } from "./competition-dto";
import type { StaffContext } from "./create-competition";
import { forgetLiveCompetitions } from "./running-cache";

// POST /api/v1/staff/competitions/{id}/cancel: before its end only. From the commit on, pushes
// count nothing for it, its end job finds it cancelled (no places, no prizes) and its queued
// announcements find another version and say nothing. Audited with the reason.

export async function cancelCompetition(id: number, reason: string, ctx: StaffContext): Promise<TCompetition> {
  const cancelled = await db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "competition", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_COMPETITION });
    const row = await tx.competition.findUniqueOrThrow({ where: { id }, include: competitionInclude });
    if (row.cancelledAt) throw new AppError("CONFLICT", { userMessage: "It is cancelled already." });
    // Once its end has passed its results stand, frozen or about to be (the end job and this lock the same row).
    if (row.endedAt || row.endsAt.getTime() <= Date.now()) throw new AppError("CONFLICT", { userMessage: "It has ended: its results stand." });
    const before = toCompetitionDto(row);
    const saved = await tx.competition.update({ where: { id }, data: { cancelledAt: new Date(), version: { increment: 1 } }, include: competitionInclude });
    const after = toCompetitionDto(saved);
    await recordAudit(
      { action: "competition.cancelled", actorId: ctx.actorId, ip: ctx.ip, targetType: "competition", targetId: id, data: { reason, before, after } },
      tx,
    );
    await announce(tx, [topic.competitions, topic.competition(id)]);
    return after;
  });
  forgetLiveCompetitions();
  return cancelled;
}
