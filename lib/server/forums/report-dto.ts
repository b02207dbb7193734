import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TReport, TReportAction, TReportOutcome } from "@/lib/schemas/forums";
import { AppError } from "../errors";
import { pageOfPost } from "./get-thread";

// Report rows → the staff queue's shape. `post.page` is the thread page the post is on as staff
// see the thread (hidden posts counted), so the link lands on it.

export const REPORT_INCLUDE = {
  reporter: { select: { username: true } },
  resolvedBy: { select: { username: true } },
  post: {
    select: {
      id: true,
      threadId: true,
      createdAt: true,
      content: true,
      hidden: true,
      user: { select: { username: true } },
      thread: { select: { id: true, title: true } },
    },
  },
} satisfies Prisma.ForumPostReportInclude;
export type ReportRow = Prisma.ForumPostReportGetPayload<{ include: typeof REPORT_INCLUDE }>;

const STAFF = { isStaff: true } as const;

export async function toReportDto(r: ReportRow): Promise<TReport> {
  const { post } = r;
  return {
    id: r.id,
    reason: r.reason,
    reporter: r.reporter.username,
    date: r.createdAt.toISOString(),
    resolved: r.resolvedAt
      ? {
          date: r.resolvedAt.toISOString(),
          by: r.resolvedBy?.username ?? null,
          outcome: r.outcome ? (r.outcome.toLowerCase() as TReportOutcome) : null,
          action: r.actionTaken ? (r.actionTaken.toLowerCase() as TReportAction) : null,
          note: r.note,
        }
      : null,
    post: { id: post.id, content: post.content, user: post.user.username, hidden: post.hidden, thread: post.thread, page: await pageOfPost(STAFF, post) },
  };
}

export const reportNotFound = () => new AppError("NOT_FOUND", { userMessage: "Report not found." });
