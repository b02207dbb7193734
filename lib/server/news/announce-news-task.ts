import "server-only";
import { announceNews } from "./announce-news";
import type { JobPayloads } from "../jobs/task-types";

export async function announceNewsTask(payload: JobPayloads["announce-news"]): Promise<void> {
  await announceNews(payload.newsId);
}
