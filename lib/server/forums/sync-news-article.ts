import "server-only";
import { announce, topic } from "../changes/announce";
import { NEWS_PREVIEW_MAX } from "@/lib/schemas/news";
import type { Tx } from "../db";
import { htmlToText } from "./sanitize";

// A news post's article is also its thread's opening post, and staff moderate it there (the
// thread page's Edit and Hide). The news row keeps its own copy for the archive and
// /news/{slug}, so a change of the opening post is copied to it in the same transaction:
// - an edit: the new text; a preview that was made from the article follows it, one written by
//   hand is left alone;
// - a hide or unhide: the news post is hidden or shown with it.

/** The news row whose article is this post (the opening post of a news thread), or null. */
async function newsOfOpeningPost(tx: Tx, threadId: number, postId: number): Promise<{ id: number; preview: string } | null> {
  const news = await tx.newsPost.findUnique({ where: { threadId }, select: { id: true, preview: true } });
  if (!news) return null;
  const opening = await tx.forumPost.findFirst({ where: { threadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  return opening?.id === postId ? news : null;
}

export async function syncNewsArticle(tx: Tx, edit: { threadId: number; postId: number; before: string; after: string }): Promise<void> {
  const news = await newsOfOpeningPost(tx, edit.threadId, edit.postId);
  if (!news) return;
  const derived = news.preview === htmlToText(edit.before, NEWS_PREVIEW_MAX);
  await tx.newsPost.update({
    where: { id: news.id },
    data: { content: edit.after, ...(derived ? { preview: htmlToText(edit.after, NEWS_PREVIEW_MAX) } : {}) },
  });
  await announce(tx, [topic.news]);
}

export async function syncNewsHidden(tx: Tx, change: { threadId: number; postId: number; hidden: boolean }): Promise<void> {
  const news = await newsOfOpeningPost(tx, change.threadId, change.postId);
  if (!news) return;
  await tx.newsPost.update({ where: { id: news.id }, data: { hidden: change.hidden } });
  await announce(tx, [topic.news]);
}
