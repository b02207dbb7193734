import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { liftExpiredMute } from "./lift-expired-mute";

export async function liftMuteTask(payload: JobPayloads["lift-mute"]): Promise<void> {
  await liftExpiredMute(payload.userId);
}
