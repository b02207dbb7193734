import "server-only";
import { db } from "../../db";

// A player's history rows for the staff player page, newest first (docs/progress.md).

export type ProgressHistoryRow = { bucket: Date; metric: number; startValue: bigint; endValue: bigint };

export async function selectPlayerHistory(userId: number, offset: number, limit: number): Promise<{ rows: ProgressHistoryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.$queryRaw<ProgressHistoryRow[]>`
      SELECT bucket, metric, "startValue", "endValue" FROM hiscore_history WHERE "userId" = ${userId}
      ORDER BY bucket DESC, metric OFFSET ${offset} LIMIT ${limit}`,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM hiscore_history WHERE "userId" = ${userId}`,
  ]);
  return { rows, total: Number(count[0]!.n) };
}
