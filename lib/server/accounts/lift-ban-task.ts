import "server-only";
import { liftExpiredBan } from "./lift-expired-ban";
import type { JobPayloads } from "../jobs/task-types";

export async function liftBanTask(payload: JobPayloads["lift-ban"]): Promise<void> {
  await liftExpiredBan(payload.userId);
}
