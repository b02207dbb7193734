import "server-only";
import { refreshVoteMetrics } from "../../votes/vote-metrics";

export async function refreshVoteMetricsTask(): Promise<void> {
  await refreshVoteMetrics();
}
