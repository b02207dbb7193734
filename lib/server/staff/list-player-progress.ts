import "server-only";
import { metricName, metricSlug } from "@/lib/progress/metrics";
import type { TProgressRow } from "@/lib/schemas/staff-players";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";
import { selectPlayerHistory } from "./sql/player-progress";

/** A player's progress history, newest first: staff see it for hidden players too (staff, banned). */
export async function listPlayerProgress(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TProgressRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const { skip, take } = pageWindow(page, pageSize);
  const { rows, total } = await selectPlayerHistory(userId, skip, take);
  return {
    total,
    results: rows.map((r) => ({
      bucket: r.bucket.toISOString(),
      metric: metricSlug(r.metric),
      name: metricName(r.metric),
      start: Number(r.startValue),
      end: Number(r.endValue),
      reset: r.endValue < r.startValue,
    })),
  };
}
