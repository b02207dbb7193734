import "server-only";
import type { TNewsPost } from "@/lib/schemas/news";
import { db } from "../db";
import { NEWS_POST_SELECT, newsNotFound, toNewsPostDto, VISIBLE_NEWS } from "./news-dto";
import { isSlug } from "./news-slug";

// GET /api/v1/news/{id} and the /news/{slug} page: one visible post with its sanitised content.

export async function findNewsById(id: number): Promise<TNewsPost | null> {
  const row = await db.newsPost.findFirst({ where: { ...VISIBLE_NEWS, id }, select: NEWS_POST_SELECT });
  return row ? toNewsPostDto(row) : null;
}

export async function getNewsOrThrow(id: number): Promise<TNewsPost> {
  const post = await findNewsById(id);
  if (!post) throw newsNotFound();
  return post;
}

/** Null for a missing or hidden post, and for anything that is not a slug at all. */
export async function findNewsBySlug(slug: string): Promise<TNewsPost | null> {
  if (!isSlug(slug)) return null;
  const row = await db.newsPost.findFirst({ where: { ...VISIBLE_NEWS, slug }, select: NEWS_POST_SELECT });
  return row ? toNewsPostDto(row) : null;
}
