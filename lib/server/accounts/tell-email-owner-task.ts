import "server-only";
import { tellEmailOwner } from "./tell-email-owner";
import type { JobPayloads } from "../jobs/task-types";

export async function tellEmailOwnerTask(payload: JobPayloads["tell-email-owner"]): Promise<void> {
  await tellEmailOwner(payload.userId);
}
