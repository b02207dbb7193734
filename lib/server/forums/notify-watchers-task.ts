import "server-only";
import type { JobPayloads } from "../jobs/task-types";
import { notifyWatchers } from "./notify-watchers";

export async function notifyWatchersTask(payload: JobPayloads["notify-watchers"]): Promise<void> {
  await notifyWatchers(payload.postId);
}
