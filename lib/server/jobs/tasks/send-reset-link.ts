import "server-only";
import { sendOwnResetLink } from "../../accounts/passwords";
import type { JobPayloads } from "../task-types";

export async function sendResetLinkTask(payload: JobPayloads["send-reset-link"]): Promise<void> {
  await sendOwnResetLink(payload.userId);
}
