import "server-only";
import { progressConfig } from "@/lib/progress/config";
import { db } from "../db";
import { log } from "../log";
import { ensureMonthPartition, mergeDay } from "./sql/history-upkeep";
import { selectUpkeep, setUpkeep } from "./sql/upkeep";

// The daily "progress-upkeep" job: partitions for the months ahead, and hourly history past
// progressConfig.hourlyHistoryDays merged into days (docs/progress.md, Retention).

const DAY = 86_400_000;
const MONTHS_AHEAD = 3;
/** Days merged by one run (a first run over a long history catches up over several days). */
const DAYS_PER_RUN = 14;

export async function ensureHistoryPartitions(now = new Date()): Promise<number> {
  let created = 0;
  for (let i = 0; i <= MONTHS_AHEAD; i++) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    if (await db.$transaction((tx) => ensureMonthPartition(tx, month))) created++;
  }
  return created;
}

/** Merges each whole UTC day older than the hourly retention not merged yet; answers the days merged. */
export async function mergeOldHistory(now = new Date()): Promise<number> {
  const keepFrom = Math.floor((now.getTime() - progressConfig.hourlyHistoryDays * DAY) / DAY) * DAY;
  const cursor = await selectUpkeep(db, "merged");
  let day: number;
  if (cursor) day = cursor.at.getTime() + DAY;
  else {
    const first = await db.hiscorePlayer.aggregate({ _min: { historyFrom: true } });
    if (!first._min.historyFrom) return 0;
    day = Math.floor(first._min.historyFrom.getTime() / DAY) * DAY;
  }
  let merged = 0;
  for (; day < keepFrom && merged < DAYS_PER_RUN; day += DAY) {
    const at = new Date(day);
    const rows = await db.$transaction(async (tx) => {
      const n = await mergeDay(tx, at);
      await setUpkeep(tx, "merged", at, null);
      return n;
    });
    log.info("progress.history_merged", { day: at.toISOString().slice(0, 10), rows });
    merged++;
  }
  return merged;
}

export async function progressUpkeep(now = new Date()): Promise<void> {
  const partitions = await ensureHistoryPartitions(now);
  const days = await mergeOldHistory(now);
  log.info("progress.upkeep", { partitions, days });
}
