import "server-only";
import { tellEmailOwner } from "../../accounts/register-user";
import type { JobPayloads } from "../task-types";

export async function tellEmailOwnerTask(payload: JobPayloads["tell-email-owner"]): Promise<void> {
  await tellEmailOwner(payload.userId);
}
