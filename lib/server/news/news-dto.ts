import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { NEWS_NOT_FOUND, type TNewsItem, type TNewsPost } from "@/lib/schemas/news";
import { AppError } from "../errors";

// News rows → the "News item" shape of docs/product.md §3 ({ id, image, thread: { id, title, date, forum,
// preview } }) plus our slug, and the single post with title, content and author. One
// visibility rule for every read: a post is shown while neither it nor its thread is hidden
// (hiding the thread in the forums hides the news with it).

export const VISIBLE_NEWS = { hidden: false, thread: { is: { hidden: false } } } satisfies Prisma.NewsPostWhereInput;

export const NEWS_ITEM_SELECT = {
  id: true,
  slug: true,
  title: true,
  image: true,
  preview: true,
  publishedAt: true,
  threadId: true,
  // The thread's forum, not the one it was posted in: staff may move the thread later.
  thread: { select: { forum: { select: { id: true, name: true } } } },
} satisfies Prisma.NewsPostSelect;
type ItemRow = Prisma.NewsPostGetPayload<{ select: typeof NEWS_ITEM_SELECT }>;

export const NEWS_POST_SELECT = {
  ...NEWS_ITEM_SELECT,
  content: true,
  author: { select: { username: true } },
} satisfies Prisma.NewsPostSelect;
type PostRow = Prisma.NewsPostGetPayload<{ select: typeof NEWS_POST_SELECT }>;

/** Newest first; the id breaks ties between posts published in the same millisecond. */
export const NEWEST_FIRST = [{ publishedAt: "desc" }, { id: "desc" }] satisfies Prisma.NewsPostOrderByWithRelationInput[];

export function toNewsItemDto(n: ItemRow): TNewsItem {
  return {
    id: n.id,
    slug: n.slug,
    image: n.image,
    thread: { id: n.threadId, title: n.title, date: n.publishedAt.toISOString(), forum: n.thread.forum, preview: n.preview },
  };
}

export function toNewsPostDto(n: PostRow): TNewsPost {
  return { ...toNewsItemDto(n), title: n.title, content: n.content, author: n.author.username };
}

export const newsNotFound = () => new AppError("NOT_FOUND", { userMessage: NEWS_NOT_FOUND });
