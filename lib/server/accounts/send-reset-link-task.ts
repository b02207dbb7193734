import "server-only";
import { sendOwnResetLink } from "./send-reset-link";
import type { JobPayloads } from "../jobs/task-types";

export async function sendResetLinkTask(payload: JobPayloads["send-reset-link"]): Promise<void> {
  await sendOwnResetLink(payload.userId);
}
