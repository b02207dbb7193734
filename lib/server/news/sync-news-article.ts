import "server-only";
import { NEWS_PREVIEW_MAX } from "@/lib/schemas/news";
import type { Tx } from "../db";
import { htmlToText } from "../forums/sanitize";

// A news post's article is also its thread's opening post, and staff correct it there (the
// thread page's Edit). The news row keeps its own copy for the archive and /news/{slug}, so an
// edit of the opening post is copied to it in the edit's transaction. A preview that was made
// from the article follows the new text; one written by hand is left alone.

export async function syncNewsArticle(tx: Tx, edit: { threadId: number; postId: number; before: string; after: string }): Promise<void> {
  const news = await tx.newsPost.findUnique({ where: { threadId: edit.threadId }, select: { id: true, preview: true } });
  if (!news) return;
  const opening = await tx.forumPost.findFirst({ where: { threadId: edit.threadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  if (opening?.id !== edit.postId) return;
  const derived = news.preview === htmlToText(edit.before, NEWS_PREVIEW_MAX);
  await tx.newsPost.update({
    where: { id: news.id },
    data: { content: edit.after, ...(derived ? { preview: htmlToText(edit.after, NEWS_PREVIEW_MAX) } : {}) },
  });
}
