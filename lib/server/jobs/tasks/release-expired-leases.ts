import "server-only";
import { releaseExpiredLeases } from "../../game/release-expired-leases";

export async function releaseExpiredLeasesTask(): Promise<void> {
  await releaseExpiredLeases();
}
