import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { log } from "../log";
import { queueWeeklyDigests, sendWeeklyDigests } from "./weekly-digest";

export async function queueWeeklyDigestsTask(): Promise<void> {
  const players = await queueWeeklyDigests();
  log.info("digest.queued", { players });
}

export async function sendWeeklyDigestsTask(payload: JobPayloads["send-weekly-digests"]): Promise<void> {
  const outcomes = await sendWeeklyDigests(payload);
  log.info("digest.sent", { week: payload.week, ...outcomes });
}
