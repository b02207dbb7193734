import "server-only";
import type { Db } from "../../db";

type Client = Pick<Db, "$queryRaw">;

export type ChartBaseRow = { userId: number; metric: number; weight: number; baseline: bigint; current: bigint };
export type ChartHistoryRow = { userId: number; metric: number; bucket: Date; endValue: bigint };

/** These participants' start and current value of each counted metric, with the metric's weight. */
export async function selectChartBases(client: Client, competitionId: number, userIds: number[]): Promise<ChartBaseRow[]> {
  if (userIds.length === 0) return [];
  return client.$queryRaw<ChartBaseRow[]>`
      SELECT p."userId", p.metric, m.weight, p.baseline, p.current
      FROM competition_progress p
      JOIN competition_metrics m ON m."competitionId" = p."competitionId" AND m.metric = p.metric
      WHERE p."competitionId" = ${competitionId} AND p."userId" = ANY(${userIds}::int[])`;
}

/** The hourly history of those metrics of those players between two hours (both included), in time order. */
export async function selectChartHistory(client: Client, userIds: number[], metrics: number[], from: Date, to: Date): Promise<ChartHistoryRow[]> {
  if (userIds.length === 0 || metrics.length === 0) return [];
  return client.$queryRaw<ChartHistoryRow[]>`
      SELECT "userId", metric, bucket, "endValue" FROM hiscore_history
      WHERE "userId" = ANY(${userIds}::int[]) AND metric = ANY(${metrics}::smallint[]) AND bucket >= ${from} AND bucket <= ${to}
      ORDER BY bucket`;
}
