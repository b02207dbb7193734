import "server-only";
import { db } from "../../db";

/** A year (UTC) with news in it. */
export type NewsYearRow = { year: number };

/** Every year (UTC) with at least one visible news post (neither it nor its thread hidden), newest first. */
export function listVisibleNewsYears(): Promise<NewsYearRow[]> {
  return db.$queryRaw<NewsYearRow[]>`
    SELECT DISTINCT EXTRACT(YEAR FROM n."publishedAt")::int AS year
    FROM news_posts n JOIN forum_threads t ON t.id = n."threadId"
    WHERE NOT n.hidden AND NOT t.hidden
    ORDER BY year DESC`;
}
