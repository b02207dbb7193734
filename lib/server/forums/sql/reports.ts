import "server-only";
import { db } from "../../db";

/**
 * Files the reader's report on the post, or renews theirs (new reason, open again with no outcome, dated
 * anew when it had been resolved); the report's id.
 */
export async function upsertPostReport(postId: number, reporterId: number, reason: string): Promise<number> {
  // One statement, so two reports sent at once cannot both insert. Timestamps are UTC wall
  // clock (TIMESTAMP(3)), as Prisma writes them.
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO forum_post_reports ("postId", "reporterId", reason, "createdAt")
    VALUES (${postId}, ${reporterId}, ${reason}, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("postId", "reporterId") DO UPDATE SET
      reason = EXCLUDED.reason,
      "createdAt" = CASE WHEN forum_post_reports."resolvedAt" IS NULL THEN forum_post_reports."createdAt" ELSE EXCLUDED."createdAt" END,
      "resolvedAt" = NULL,
      "resolvedById" = NULL,
      outcome = NULL,
      "actionTaken" = NULL,
      note = NULL
    RETURNING id`;
  return row!.id;
}
