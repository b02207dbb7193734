import "server-only";
import { refreshVoteMetrics } from "./vote-metrics";

export async function refreshVoteMetricsTask(): Promise<void> {
  await refreshVoteMetrics();
}
