import "server-only";
import { announce, topic } from "../changes/announce";
import type { z } from "zod";
import { NEWS_PLACEHOLDER_IMAGE, NEWS_PREVIEW_MAX, type TNewsPost, type ZCreateNewsInput } from "@/lib/schemas/news";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { uniqueViolationOf, violatesColumn } from "../db-errors";
import { AppError } from "../errors";
import { prepareContent } from "../content/prepare-content";
import { htmlToText, insertThread } from "../forums/public";
import { enqueue } from "../jobs/enqueue";
import { atLeast } from "@/lib/privileges";
import type { Actor } from "../sessions/authenticate-request";
import { announcesNews } from "./announce-news";
import { NEWS_POST_SELECT, toNewsPostDto } from "./news-dto";
import { findOrCreateNewsForum } from "./news-forum";
import { nextFreeSlug, slugify } from "./news-slug";

// POST /api/v1/news: staff publish a news post. The post is a thread in the news forum whose
// opening post is the article, so the thread, its post, the forum's and author's counters,
// the news row, the audit entry and (when a Discord webhook is configured) the announcement job
// are written in one transaction (all or nothing).

/** The parsed body; scripts and tests may leave the image out (the placeholder). */
export type CreateNewsInput = Omit<z.output<typeof ZCreateNewsInput>, "image"> & { image?: string | undefined };

/** Attempts when a concurrent writer takes the chosen slug first (see pickSlug). */
const SLUG_ATTEMPTS = 5;

export async function createNews(
  actor: Pick<Actor, "userId" | "privilege">,
  input: CreateNewsInput,
  ip: string | null,
  opts: { at?: Date } = {},
): Promise<TNewsPost> {
  // The operation already demands a moderator; checked again so no other caller can skip it.
  if (!atLeast(actor.privilege, "MODERATOR")) throw new AppError("FORBIDDEN");
  const content = await prepareContent(input.content);
  const preview = input.preview || htmlToText(content, NEWS_PREVIEW_MAX);
  const image = input.image ?? NEWS_PLACEHOLDER_IMAGE;
  const base = slugify(input.title);
  const at = opts.at ?? new Date();

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(async (tx) => {
        const forum = await findOrCreateNewsForum(tx, { actorId: actor.userId, ip });
        const { threadId } = await insertThread(tx, { forumId: forum.id, userId: actor.userId, title: input.title, content, at });
        const slug = await pickSlug(tx, base);
        const row = await tx.newsPost.create({
          data: { slug, title: input.title, image, content, preview, authorId: actor.userId, threadId, forumId: forum.id, publishedAt: at },
          select: NEWS_POST_SELECT,
        });
        await recordAudit(
          {
            action: "news.create",
            actorId: actor.userId,
            targetType: "news",
            targetId: row.id,
            data: { reason: null, before: null, after: { title: input.title, slug, threadId, forumId: forum.id } },
            ip,
          },
          tx,
        );
        await announce(tx, [topic.news]);
        // Queued with the post: announced once it commits, never for a post that rolled back.
        if (announcesNews()) await enqueue("announce-news", { newsId: row.id }, { tx });
        return toNewsPostDto(row);
      });
    } catch (e) {
      // The whole transaction rolled back (thread and counters included): start again.
      const v = uniqueViolationOf(e);
      if (v && violatesColumn(v, "slug") && attempt < SLUG_ATTEMPTS) continue;
      throw e;
    }
  }
}

/**
 * The first free slug for `base`. Called after insertThread has updated the news forum's
 * counters, so this transaction holds that row's lock: news posts in the same forum reach this
 * point one at a time and each sees the slugs the earlier ones committed. The unique index
 * still has the last word (a post moved between forums, a seed), and createNews retries then.
 */
async function pickSlug(tx: Tx, base: string): Promise<string> {
  const taken = await tx.newsPost.findMany({ where: { OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }] }, select: { slug: true } });
  return nextFreeSlug(
    base,
    taken.map((t) => t.slug),
  );
}
