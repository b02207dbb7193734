import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { emailNotification } from "./email-notification";

export async function emailNotificationTask(payload: JobPayloads["email-notification"]): Promise<void> {
  await emailNotification(payload.notificationId);
}
