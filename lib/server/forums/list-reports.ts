import "server-only";
import { REPORTS_PAGE_SIZE, type TReport } from "@/lib/schemas/forums";
import { db } from "../db";
import { pageWindow } from "../paging";
import { REPORT_INCLUDE, toReportDto } from "./report-dto";

// GET /api/v1/staff/forums/reports?status=: the staff queue. Open reports oldest first (the one
// waiting longest on top); resolved ones most recently resolved first.

export async function listReports(status: "open" | "resolved", page: number): Promise<{ results: TReport[]; total: number }> {
  const open = status === "open";
  const where = open ? { resolvedAt: null } : { resolvedAt: { not: null } };
  const [rows, total] = await Promise.all([
    db.forumPostReport.findMany({
      where,
      include: REPORT_INCLUDE,
      orderBy: open ? [{ createdAt: "asc" }, { id: "asc" }] : [{ resolvedAt: "desc" }, { id: "desc" }],
      ...pageWindow(page, REPORTS_PAGE_SIZE),
    }),
    db.forumPostReport.count({ where }),
  ]);
  return { results: await Promise.all(rows.map(toReportDto)), total };
}
