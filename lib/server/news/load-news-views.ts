import "server-only";
import type { TNewsItem } from "@/lib/schemas/news";
import { log } from "../log";
import { type ArchiveMonth, currentArchiveMonth } from "./archive-month";
import { listNewsArchive, listNewsYears } from "./list-news";

// What the news pages show, with their failure modes: a failed read is logged and degrades the
// section, never the whole page.

export type NewsArchiveView = {
  selected: ArchiveMonth;
  /** The year buttons: every year with news, the current year and the one shown, newest first. */
  years: number[];
  items: TNewsItem[];
};

/**
 * What the /news page shows for a month. A failed read is logged and shows as an empty month
 * (docs/product.md §8: "News archive load error: loading stops, empty message shown"), never an error page.
 */
export async function loadNewsArchiveView(selected: ArchiveMonth, now = new Date()): Promise<NewsArchiveView> {
  const [items, withNews] = await Promise.all([
    listNewsArchive(selected).catch(degrade("the archive's posts", [])),
    listNewsYears().catch(degrade("the archive's years", [])),
  ]);
  const years = [...new Set([...withNews, currentArchiveMonth(now).year, selected.year])].sort((a, b) => b - a);
  return { selected, years, items };
}

const degrade =
  <T>(what: string, fallback: T) =>
  (error: unknown): T => {
    log.warn(`news: ${what} could not be read`, { error });
    return fallback;
  };
