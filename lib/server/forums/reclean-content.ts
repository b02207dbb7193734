import "server-only";
import { announce, topic } from "../changes/announce";
import { db } from "../db";
import { isAppError } from "../errors";
import { log } from "../log";
import { prepareContent } from "../content/prepare-content";

// Runs every stored body (forum posts and news articles) through today's sanitiser and image
// rule again: `npm run admin -- reclean-content`. Bodies are cleaned when they are written, so
// a tightened rule (such as the one that drops images pointing at site paths such as /store-link, or at
// addresses the URL parser cannot read) only reaches posts written after it. Run this once
// after upgrading. Each row is replaced only if nobody edited it meanwhile (compare and set).

/** What a body becomes when nothing readable is left (it held only images now dropped). */
export const EMPTIED_BODY = "<p>(An image that is no longer allowed was removed from this post.)</p>";
const BATCH = 200;

async function recleaned(content: string): Promise<string> {
  try {
    return await prepareContent(content);
  } catch (e) {
    if (isAppError(e) && e.code === "VALIDATION") return EMPTIED_BODY;
    throw e;
  }
}

export type RecleanReport = { posts: number; postsChanged: number; news: number; newsChanged: number };

/** Every body, or only the posts and news articles named (e.g. one thread's after a report). */
export async function recleanStoredContent(only?: { postIds?: number[]; newsIds?: number[] }): Promise<RecleanReport> {
  const report: RecleanReport = { posts: 0, postsChanged: 0, news: 0, newsChanged: 0 };
  const postScope = only ? { id: { in: only.postIds ?? [] } } : {};
  const newsScope = only ? { id: { in: only.newsIds ?? [] } } : {};
  for (let after = 0; ;) {
    const rows = await db.forumPost.findMany({
      where: { AND: [postScope, { id: { gt: after } }] },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, content: true, threadId: true },
    });
    if (!rows.length) break;
    for (const row of rows) {
      report.posts++;
      const next = await recleaned(row.content);
      if (next === row.content) continue;
      const changed = await db.$transaction(async (tx) => {
        const done = await tx.forumPost.updateMany({ where: { id: row.id, content: row.content }, data: { content: next } });
        if (done.count > 0) await announce(tx, [topic.thread(row.threadId)]);
        return done;
      });
      report.postsChanged += changed.count;
    }
    after = rows[rows.length - 1]!.id;
  }
  for (let after = 0; ;) {
    const rows = await db.newsPost.findMany({
      where: { AND: [newsScope, { id: { gt: after } }] },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, content: true },
    });
    if (!rows.length) break;
    for (const row of rows) {
      report.news++;
      const next = await recleaned(row.content);
      if (next === row.content) continue;
      const changed = await db.$transaction(async (tx) => {
        const done = await tx.newsPost.updateMany({ where: { id: row.id, content: row.content }, data: { content: next } });
        if (done.count > 0) await announce(tx, [topic.news]);
        return done;
      });
      report.newsChanged += changed.count;
    }
    after = rows[rows.length - 1]!.id;
  }
  log.info("content.recleaned", report);
  return report;
}
