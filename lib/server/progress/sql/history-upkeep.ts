import "server-only";
import type { Tx } from "../../db";

// Upkeep of the history table: the month partitions ahead, and hourly rows past their retention
// merged into one row per day (docs/progress.md).

const partitionName = (month: Date) => `hiscore_history_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, "0")}`;

/** Creates the partition of the month starting at `month` (UTC) when missing; answers whether it did. */
export async function ensureMonthPartition(tx: Tx, month: Date): Promise<boolean> {
  const name = partitionName(month);
  const found = await tx.$queryRaw<{ exists: boolean }[]>`SELECT to_regclass(${name}) IS NOT NULL AS exists`;
  if (found[0]!.exists) return false;
  const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
  // Rows of that month written before its partition existed sit in the default partition: they
  // move to the new one (a partition cannot be created over rows the default holds).
  await tx.$executeRawUnsafe(`LOCK TABLE hiscore_history_default IN ACCESS EXCLUSIVE MODE`);
  await tx.$executeRawUnsafe(`CREATE TEMP TABLE moving ON COMMIT DROP AS SELECT * FROM hiscore_history_default WHERE bucket >= $1 AND bucket < $2`, month, end);
  await tx.$executeRawUnsafe(`DELETE FROM hiscore_history_default WHERE bucket >= $1 AND bucket < $2`, month, end);
  await tx.$executeRawUnsafe(`CREATE TABLE "${name}" PARTITION OF hiscore_history FOR VALUES FROM ('${month.toISOString()}') TO ('${end.toISOString()}')`);
  await tx.$executeRawUnsafe(`INSERT INTO hiscore_history SELECT * FROM moving`);
  return true;
}

/**
 * Merges the hourly rows of the day starting at `day` (UTC midnight) into one row per player and
 * metric: the first row's start, the last row's end, the last ladder. Answers the rows merged away.
 */
export async function mergeDay(tx: Tx, day: Date): Promise<number> {
  const end = new Date(day.getTime() + 86_400_000);
  await tx.$executeRaw`
      CREATE TEMP TABLE merged ON COMMIT DROP AS
      SELECT "userId", metric,
             (array_agg("gameMode" ORDER BY bucket DESC))[1] AS "gameMode",
             (array_agg("xpMode" ORDER BY bucket DESC))[1] AS "xpMode",
             (array_agg("startValue" ORDER BY bucket))[1] AS "startValue",
             (array_agg("endValue" ORDER BY bucket DESC))[1] AS "endValue",
             count(*) AS n
      FROM hiscore_history WHERE bucket >= ${day} AND bucket < ${end}
      GROUP BY "userId", metric`;
  const deleted = await tx.$executeRaw`DELETE FROM hiscore_history WHERE bucket >= ${day} AND bucket < ${end}`;
  const inserted = await tx.$executeRaw`
      INSERT INTO hiscore_history ("userId", metric, bucket, "gameMode", "xpMode", "startValue", "endValue")
      SELECT "userId", metric, ${day}, "gameMode", "xpMode", "startValue", "endValue" FROM merged`;
  return deleted - inserted;
}
