import "server-only";
import type { ReportAction, ReportOutcome } from "@/lib/generated/prisma/client";
import type { TReport, TReportAction, TReportOutcome } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { notifyReportOutcome } from "../notifications/events";
import type { Actor } from "../sessions/authenticate-request";
import { setPostHidden } from "./moderate-post";
import { REPORT_INCLUDE, reportNotFound, toReportDto } from "./report-dto";

// PATCH /api/v1/staff/forums/reports/{id}: staff resolve a report with an outcome (agreed, with
// what was done: post hidden, warned or none; disagreed; ignored) and a note, or open it again.
// The reporter is told the outcome in the same transaction. Agreed with post_hidden hides the post
// (audited as its own hide) when it is not hidden yet. The older `{ resolved: true }` resolves as
// agreed, its action read from the post. The conditional update makes two staff resolving at once
// change (audit, notify) it once.

export type ResolveReportInput =
  { resolved: boolean; outcome?: undefined } | { outcome: TReportOutcome; action?: TReportAction | undefined; note?: string | undefined };

export const REPORT_ALREADY_RESOLVED = "This report is already resolved: open it again to give another outcome.";

const toDb = <T extends string>(v: T) => v.toUpperCase() as Uppercase<T>;

export async function resolveReport(actor: Pick<Actor, "userId">, reportId: number, input: ResolveReportInput, ip?: string): Promise<TReport> {
  const row = await db.$transaction(async (tx) => {
    const current = await tx.forumPostReport.findUnique({
      where: { id: reportId },
      select: { resolvedAt: true, postId: true, reporterId: true, post: { select: { hidden: true, threadId: true, thread: { select: { title: true } } } } },
    });
    if (!current) throw reportNotFound();

    if (input.outcome === undefined && !input.resolved) {
      const changed = await tx.forumPostReport.updateMany({
        where: { id: reportId, resolvedAt: { not: null } },
        data: { resolvedAt: null, resolvedById: null, outcome: null, actionTaken: null, note: null },
      });
      if (changed.count === 1) await audit(tx, "forum.report.reopen", { resolved: true }, { resolved: false });
      return tx.forumPostReport.findUniqueOrThrow({ where: { id: reportId }, include: REPORT_INCLUDE });
    }

    const outcome: TReportOutcome = input.outcome ?? "agreed";
    const action: TReportAction | null =
      input.outcome === undefined ? (current.post.hidden ? "post_hidden" : "none") : outcome === "agreed" ? (input.action ?? "none") : null;
    const note = input.outcome !== undefined && input.note ? input.note : null;

    const at = new Date();
    const changed = await tx.forumPostReport.updateMany({
      where: { id: reportId, resolvedAt: null },
      data: {
        resolvedAt: at,
        resolvedById: actor.userId,
        outcome: toDb(outcome) as ReportOutcome,
        actionTaken: action ? (toDb(action) as ReportAction) : null,
        note,
      },
    });
    if (changed.count === 0) {
      // Already resolved: the older form asks for what is so (no change); an outcome would be lost silently.
      if (input.outcome !== undefined) throw new AppError("CONFLICT", { userMessage: REPORT_ALREADY_RESOLVED });
      return tx.forumPostReport.findUniqueOrThrow({ where: { id: reportId }, include: REPORT_INCLUDE });
    }
    if (action === "post_hidden" && input.outcome !== undefined)
      await setPostHidden(tx, actor, current.postId, { hidden: true, reason: note ?? `Report #${reportId} agreed` }, ip);
    await audit(tx, "forum.report.resolve", { resolved: false }, { resolved: true, outcome, action, note });
    if (current.reporterId !== actor.userId)
      await notifyReportOutcome(tx, {
        reporterId: current.reporterId,
        reportId,
        threadId: current.post.threadId,
        title: current.post.thread.title,
        outcome,
        action,
        note,
        at,
      });
    return tx.forumPostReport.findUniqueOrThrow({ where: { id: reportId }, include: REPORT_INCLUDE });

    async function audit(t: typeof tx, action: string, before: object, after: object) {
      await recordAudit(
        {
          action,
          actorId: actor.userId,
          targetType: "forum_post_report",
          targetId: reportId,
          data: { postId: current!.postId, reason: null, before, after },
          ip: ip ?? null,
        },
        t,
      );
    }
  });
  return toReportDto(row);
}
