import type { TNewsItem } from "@/lib/schemas/news";
import { formatLongDate } from "@/lib/format/dates";
import { NewsImage } from "./news-image";

/**
 * One post in the archive (docs/product.md §2): image, title, date, forum, preview and 'Read More' to the
 * forum thread. Links to the post and the thread are plain <a>: both pages render stored HTML,
 * so they are loaded as documents of their own under their nonce policy (docs/performance.md).
 */
export function NewsArticle({ item }: { item: TNewsItem }) {
  const { thread } = item;
  const headingId = `news-${item.id}-title`;
  return (
    <article aria-labelledby={headingId} className="panel grid gap-4 p-4 sm:grid-cols-[14rem_minmax(0,1fr)] sm:p-5">
      <NewsImage src={item.image} />
      <div className="flex min-w-0 flex-col gap-2">
        <h3 id={headingId} className="text-2xl break-words">
          <a href={`/news/${item.slug}`} className="text-gold-bright">
            {thread.title}
          </a>
        </h3>
        <p className="text-sm text-stone-400">
          <time dateTime={thread.date}>{formatLongDate(thread.date)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">in </span>
          <a href={`/forums/${thread.forum.id}`} className="text-stone-300">
            {thread.forum.name}
          </a>
        </p>
        <p className="grow break-words text-stone-200">{thread.preview}</p>
        <p>
          <a href={`/forums/thread/${thread.id}`} className="btn btn-stone px-4">
            Read More<span className="sr-only">: {thread.title}</span>
          </a>
        </p>
      </div>
    </article>
  );
}
