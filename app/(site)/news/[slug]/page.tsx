import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { NewsImage } from "@/components/news/news-image";
import { BackLink } from "@/components/ui/back-link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { NEWS_NOT_FOUND, NEWS_PLACEHOLDER_IMAGE } from "@/lib/schemas/news";
import { findNewsBySlug } from "@/lib/server/news/get-news";

// Renders stored HTML: a per-request page under the nonce policy (NONCE_PAGES), reached by full
// page loads only (links to it are plain <a>), see docs/performance.md.
export const dynamic = "force-dynamic";

type Params = { slug: string };

const postFor = cache(async (raw: string) => {
  let slug: string;
  try {
    slug = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return findNewsBySlug(slug);
});

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const post = await postFor((await params).slug);
  return { title: post ? post.title : NEWS_NOT_FOUND };
}

/** docs/product.md §2 News post: title, the posted line, the HTML content. Missing or hidden: the not-found text (404). */
export default async function NewsPostPage({ params }: { params: Promise<Params> }) {
  const post = await postFor((await params).slug);
  if (!post) notFound();
  const headingId = "news-post-title";
  return (
    <article aria-labelledby={headingId} className="mx-auto max-w-3xl">
      <BackLink href="/news">Back to the news archive</BackLink>
      <header className="mb-6 border-b-2 border-stone-700 pb-4">
        <h1 id={headingId} className="text-3xl break-words text-gold sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-2 text-stone-300" data-testid="news-posted">
          Posted by <span className="font-semibold text-stone-100">{post.author}</span> on <LocalDateTime value={post.thread.date} long /> in{" "}
          <a href={`/forums/thread/${post.thread.id}`}>{post.thread.forum.name}</a>
        </p>
      </header>
      {post.image !== NEWS_PLACEHOLDER_IMAGE ? <NewsImage src={post.image} className="mb-6" /> : null}
      <Panel as="div">
        {/* The sanitised copy stored by createNews (lib/server/forums/sanitize.ts), never the raw input. */}
        <div className="rich-text" data-testid="news-content" dangerouslySetInnerHTML={{ __html: post.content }} />
      </Panel>
      <p className="mt-6">
        <a href={`/forums/thread/${post.thread.id}`}>
          Discuss this post in the forums<span aria-hidden="true"> →</span>
        </a>
      </p>
    </article>
  );
}
