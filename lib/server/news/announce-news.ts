import "server-only";
import { siteConfig } from "@/lib/site-config";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import { VISIBLE_NEWS } from "./news-dto";

// A new news post announced in the server's Discord: a channel webhook
// (DISCORD_NEWS_WEBHOOK_URL) receives an embed with the title, the preview, the image and a
// link to /news/{slug}/. createNews queues the "announce-news" job in its own transaction, so a
// post that rolls back announces nothing, and a Discord outage is retried by the job queue
// instead of failing the publish. Discord's webhook API: POST JSON, 204 on success.

/** Discord's limits for an embed's title and description. */
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
/** The site's ember orange, as Discord wants it: an RGB integer. */
const EMBED_COLOR = 0xd9572b;

export type AnnouncedPost = { slug: string; title: string; preview: string; image: string; publishedAt: Date };

export type DiscordWebhookBody = {
  username: string;
  allowed_mentions: { parse: string[] };
  embeds: Array<{
    title: string;
    url: string;
    description: string;
    color: number;
    timestamp: string;
    image?: { url: string };
    footer: { text: string };
  }>;
};

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The webhook body for one post. Mentions are off: a title with "@everyone" pings nobody. */
export function announcementBody(post: AnnouncedPost, siteUrl: string): DiscordWebhookBody {
  const base = siteUrl.replace(/\/+$/, "");
  const image = new URL(post.image, `${base}/`);
  // Discord shows no SVG in an embed (the placeholder is one): leave the image out then.
  const showImage = /^https?:$/.test(image.protocol) && !image.pathname.toLowerCase().endsWith(".svg");
  return {
    username: siteConfig.name,
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(post.title, TITLE_MAX),
        url: `${base}/news/${encodeURIComponent(post.slug)}/`,
        description: clip(post.preview, DESCRIPTION_MAX),
        color: EMBED_COLOR,
        timestamp: post.publishedAt.toISOString(),
        ...(showImage ? { image: { url: image.href } } : {}),
        footer: { text: `${siteConfig.name} news` },
      },
    ],
  };
}

/** True when new news posts should be announced (the webhook is configured). */
export const announcesNews = (): boolean => Boolean(getEnv().DISCORD_NEWS_WEBHOOK_URL);

/**
 * The "announce-news" job. Throws on what a retry can fix (a network error, a timeout, 429 or
 * 5xx), so the queue tries again later; a 4xx the webhook will keep answering (deleted webhook,
 * bad URL) is logged and the job ends. Nothing is sent for a post hidden or gone by now, or when
 * the webhook was removed from the configuration since.
 */
export async function announceNews(newsId: number): Promise<void> {
  const env = getEnv();
  const webhook = env.DISCORD_NEWS_WEBHOOK_URL;
  if (!webhook) return;
  const post = await db.newsPost.findFirst({
    where: { id: newsId, ...VISIBLE_NEWS },
    select: { slug: true, title: true, preview: true, image: true, publishedAt: true },
  });
  if (!post) {
    log.info("news announcement skipped: the post is hidden or gone", { newsId });
    return;
  }
  const res = await fetch(webhook, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(announcementBody(post, env.SITE_URL)),
    redirect: "error",
    signal: AbortSignal.timeout(10_000),
  });
  if (res.ok) return;
  const detail = (await res.text().catch(() => "")).slice(0, 300);
  if (res.status === 429 || res.status >= 500) throw new Error(`Discord answered ${res.status}; the announcement will be retried. ${detail}`);
  log.error("news announcement refused by Discord: check DISCORD_NEWS_WEBHOOK_URL", { newsId, status: res.status, detail });
}
