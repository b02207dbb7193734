import "server-only";
import { progressConfig } from "@/lib/progress/config";
import { hourOf, PERIODS, periodStart, recordWindowStart, ROLLING_PERIODS } from "@/lib/progress/periods";
import { announce } from "../changes/announce";
import { db } from "../db";
import { log } from "../log";
import { replaceTopGains, updateRecordsForHour } from "./sql/gains";
import { selectUpkeep, setUpkeep } from "./sql/upkeep";

// The top gainers of every period, ladder and metric, rebuilt from the history every few minutes
// (the "refresh-gains" job), and the records of each finished hour (docs/progress.md).

/** Players kept per period, ladder and metric: 20 pages of 25. */
export const TOP_GAINS_KEEP = 500;
/** A finished hour is read for records this long after it ends: a push that began before the hour turned has committed by then. */
const RECORD_GRACE_MS = 2 * 60_000;
/** Hours taken in by one run (a first run after a long stop catches up over several runs). */
const RECORD_HOURS_PER_RUN = 48;
const HOUR = 3_600_000;

/** The topic of the gains and records pages (scripts/lib/page-cache.mjs). */
export const GAINS_TOPIC = "hiscores:gains";

/** The refresh reads the whole year's history in one statement: far longer than a request's transaction. */
const REFRESH_TIMEOUT_MS = 10 * 60_000;

export async function refreshTopGains(now = new Date()): Promise<{ ms: number }> {
  const started = performance.now();
  const periods = PERIODS.map((period) => ({ period, from: periodStart(period, now, progressConfig.timeZone) }));
  await db.$transaction(
    async (tx) => {
      await replaceTopGains(tx, periods, TOP_GAINS_KEEP);
      for (const { period, from } of periods) await setUpkeep(tx, `gains:${period}`, now, from);
      await announce(tx, [GAINS_TOPIC]);
    },
    { timeout: REFRESH_TIMEOUT_MS },
  );
  const ms = Math.round(performance.now() - started);
  log.info("progress.gains_refreshed", { ms });
  return { ms };
}

/** When a period's top gainers were last rebuilt, and from where its window ran. */
export async function topGainsRefreshedAt(period: string): Promise<{ at: Date; from: Date | null } | null> {
  return selectUpkeep(db, `gains:${period}`);
}

/**
 * Takes in each finished hour not yet read: the records its rows may have set. The cursor moves
 * in the transaction that writes the hour's records, so an hour is read once; and since a record
 * is only replaced by a greater gain, reading one twice would change nothing.
 */
export async function updateRecords(now = new Date()): Promise<number> {
  let done = 0;
  const cursor = await selectUpkeep(db, "records");
  let next = cursor ? new Date(cursor.at.getTime() + HOUR) : await firstHistoryHour();
  if (!next) return 0;
  while (done < RECORD_HOURS_PER_RUN && next.getTime() + HOUR + RECORD_GRACE_MS <= now.getTime()) {
    const hour: Date = next;
    await db.$transaction(async (tx) => {
      const periods = ROLLING_PERIODS.map((period) => ({ period, from: recordWindowStart(period, hour) }));
      const changed = await updateRecordsForHour(tx, hour, periods);
      await setUpkeep(tx, "records", hour, null);
      if (changed > 0) await announce(tx, [GAINS_TOPIC]);
    });
    done++;
    next = new Date(hour.getTime() + HOUR);
  }
  return done;
}

async function firstHistoryHour(): Promise<Date | null> {
  const first = await db.hiscorePlayer.aggregate({ _min: { historyFrom: true } });
  return first._min.historyFrom ? hourOf(first._min.historyFrom) : null;
}
