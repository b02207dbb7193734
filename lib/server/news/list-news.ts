import "server-only";
import type { TNewsItem } from "@/lib/schemas/news";
import { db } from "../db";
import { type ArchiveMonth, monthBounds } from "./archive-month";
import { NEWEST_FIRST, NEWS_ITEM_SELECT, toNewsItemDto, VISIBLE_NEWS } from "./news-dto";
import { listVisibleNewsYears } from "./sql/archive-years";

// GET /api/v1/news/latest, /api/v1/news?year=&month=, /api/v1/news/years, and the pages that
// show them (/news, the home page). Only visible news (news-dto.ts), newest first.

/** The newest `amount` posts. */
export async function listLatestNews(amount: number): Promise<TNewsItem[]> {
  const rows = await db.newsPost.findMany({ where: VISIBLE_NEWS, select: NEWS_ITEM_SELECT, orderBy: NEWEST_FIRST, take: amount });
  return rows.map(toNewsItemDto);
}

/** Posts published in one calendar month (UTC). */
export async function listNewsArchive(month: ArchiveMonth): Promise<TNewsItem[]> {
  const rows = await db.newsPost.findMany({
    where: { ...VISIBLE_NEWS, publishedAt: monthBounds(month) },
    select: NEWS_ITEM_SELECT,
    orderBy: NEWEST_FIRST,
  });
  return rows.map(toNewsItemDto);
}

/** Every year (UTC) with at least one visible post, newest first. */
export async function listNewsYears(): Promise<number[]> {
  const rows = await listVisibleNewsYears();
  return rows.map((r) => Number(r.year));
}
