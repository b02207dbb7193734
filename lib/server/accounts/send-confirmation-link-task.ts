import "server-only";
import { sendConfirmationLink } from "./resend-confirmation";
import type { JobPayloads } from "../jobs/task-types";

export async function sendConfirmationLinkTask(payload: JobPayloads["send-confirmation-link"]): Promise<void> {
  await sendConfirmationLink(payload.userId);
}
