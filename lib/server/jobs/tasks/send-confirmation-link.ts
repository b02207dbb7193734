import "server-only";
import { sendConfirmationLink } from "../../accounts/register-user";
import type { JobPayloads } from "../task-types";

export async function sendConfirmationLinkTask(payload: JobPayloads["send-confirmation-link"]): Promise<void> {
  await sendConfirmationLink(payload.userId);
}
