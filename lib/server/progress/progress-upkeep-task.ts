import "server-only";
import { progressUpkeep } from "./history-upkeep";

/** Daily: history partitions ahead, old hourly history merged into days. */
export async function progressUpkeepTask(): Promise<void> {
  await progressUpkeep();
}
