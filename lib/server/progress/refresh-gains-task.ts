import "server-only";
import { refreshTopGains, updateRecords } from "./refresh-gains";

/** Every five minutes: the top gainers of every period, then the records of each finished hour. */
export async function refreshGainsTask(): Promise<void> {
  await refreshTopGains();
  await updateRecords();
}
