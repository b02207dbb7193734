import "server-only";
import { liftExpiredBan } from "../../accounts/lift-expired-ban";
import type { JobPayloads } from "../task-types";

export async function liftBanTask(payload: JobPayloads["lift-ban"]): Promise<void> {
  await liftExpiredBan(payload.userId);
}
