import "server-only";
import type { JobHelpers } from "graphile-worker";
import { deliverMail } from "./send-mail";
import type { JobPayloads } from "../jobs/task-types";

export async function sendMailTask(payload: JobPayloads["send-mail"], helpers: JobHelpers): Promise<void> {
  // graphile-worker counts the running attempt in job.attempts.
  await deliverMail(payload.mailId, { isLastAttempt: helpers.job.attempts >= helpers.job.max_attempts });
}
