import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { NO_THREADS_LIST } from "@/lib/messages/forums";
import type { TThread } from "@/lib/schemas/forums";
import { latestPostHref, profileHref, threadHref } from "./forum-paths";
import { LockIcon, PinIcon } from "./icons";
import { ThreadUnreadMarker } from "./unread-client";

const COLUMNS = "md:grid-cols-[minmax(0,1fr)_5rem_14rem]";

/**
 * docs/product.md §2 Thread list rows: lock and pin icons, title, 'Created by', post count, latest post; staff see hidden threads marked.
 * A signed-in player's new/unread marker is added in the browser (inside an UnreadProvider; docs/forums.md, "Unread and new").
 */
export function ThreadList({ threads }: { threads: TThread[] }) {
  if (threads.length === 0) return <p className="px-4 py-6 text-center text-stone-300">{NO_THREADS_LIST}</p>;
  return (
    <>
      <div aria-hidden="true" className={`hidden gap-4 border-b border-stone-700 px-4 py-2 text-sm text-stone-400 md:grid ${COLUMNS}`}>
        <span>Thread</span>
        <span className="text-center">Posts</span>
        <span>Latest post</span>
      </div>
      <ul className="divide-y divide-stone-800">
        {threads.map((t) => (
          <li
            key={t.id}
            className={`grid gap-2 px-4 py-3 md:items-center md:gap-4 ${COLUMNS} ${t.pinned ? "bg-gold/5" : ""}`}
            data-testid="thread-row"
            data-thread-id={t.id}
          >
            <div className="min-w-0">
              <p className="flex items-start gap-2">
                {t.pinned || t.closed ? (
                  <span className="mt-1 flex shrink-0 gap-1">
                    {t.pinned ? <PinIcon /> : null}
                    {t.closed ? <LockIcon /> : null}
                  </span>
                ) : null}
                {/* A full load: thread pages show posts' HTML under their own nonce policy (docs/performance.md). */}
                <a href={threadHref(t.id)} className={`min-w-0 font-semibold break-words ${t.hidden ? "text-stone-400" : ""}`}>
                  {t.title}
                </a>
                {/* Only staff ever receive hidden threads. */}
                {t.hidden ? (
                  <span className="mt-0.5 shrink-0 rounded border border-blood/60 bg-blood/10 px-1.5 text-xs text-red-100" data-testid="thread-hidden-badge">
                    Hidden
                  </span>
                ) : null}
              </p>
              <ThreadUnreadMarker threadId={t.id} title={t.title} />
              <p className="text-sm text-stone-400">
                Created by <a href={profileHref(t.user.name)}>{t.user.name}</a>
                <span aria-hidden="true"> · </span>
                <span className="sr-only">, </span>
                <LocalDateTime value={t.date} forum />
              </p>
            </div>
            <p className="text-sm text-stone-300 md:text-center" data-testid="post-count" data-count={t.post_count}>
              <span className="md:sr-only">Posts: </span>
              {t.post_count.toLocaleString("en-US")}
            </p>
            <p className="min-w-0 text-sm text-stone-300">
              <span className="md:sr-only">Latest post: </span>
              <LocalDateTime value={t.latest_post.date} forum />
              {t.latest_post.user ? (
                <>
                  {" "}
                  by <a href={profileHref(t.latest_post.user)}>{t.latest_post.user}</a>
                </>
              ) : null}
              <span aria-hidden="true"> · </span>
              <a href={latestPostHref(t.id)} data-testid="last-post-link">
                Last post<span className="sr-only"> in {t.title}</span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
