import "server-only";
import { announceNews } from "../../news/announce-news";
import type { JobPayloads } from "../task-types";

export async function announceNewsTask(payload: JobPayloads["announce-news"]): Promise<void> {
  await announceNews(payload.newsId);
}
