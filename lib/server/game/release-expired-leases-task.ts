import "server-only";
import { releaseExpiredLeases } from "./release-expired-leases";

export async function releaseExpiredLeasesTask(): Promise<void> {
  await releaseExpiredLeases();
}
