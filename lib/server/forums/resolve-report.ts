import "server-only";
import type { TReport } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { REPORT_INCLUDE, reportNotFound, toReportDto } from "./report-dto";

// PATCH /api/v1/staff/forums/reports/{id} {resolved}: staff mark a report resolved or open it
// again. The conditional update makes two staff clicking at once change (and audit) it once.

export async function setReportResolved(actor: Pick<Actor, "userId">, reportId: number, resolved: boolean, ip?: string): Promise<TReport> {
  const row = await db.$transaction(async (tx) => {
    const changed = await tx.forumPostReport.updateMany({
      where: { id: reportId, resolvedAt: resolved ? null : { not: null } },
      data: resolved ? { resolvedAt: new Date(), resolvedById: actor.userId } : { resolvedAt: null, resolvedById: null },
    });
    const report = await tx.forumPostReport.findUnique({ where: { id: reportId }, include: REPORT_INCLUDE });
    if (!report) throw reportNotFound();
    if (changed.count === 1) {
      await recordAudit(
        {
          action: resolved ? "forum.report.resolve" : "forum.report.reopen",
          actorId: actor.userId,
          targetType: "forum_post_report",
          targetId: reportId,
          data: { postId: report.postId, reason: null, before: { resolved: !resolved }, after: { resolved } },
          ip: ip ?? null,
        },
        tx,
      );
    }
    return report;
  });
  return toReportDto(row);
}
