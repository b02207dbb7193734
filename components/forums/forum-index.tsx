import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { NO_THREADS_INDEX } from "@/lib/messages/forums";
import type { TForum, TForumCategory } from "@/lib/schemas/forums";
import { CollapsibleCategory } from "./collapsible-category-client";
import { forumHref, replyCount, threadHref } from "./forum-paths";
import { ForumUnreadMarker } from "./unread-client";

/** docs/product.md §2 Forum index: each category with its forums, their counts and the latest thread. */
export function ForumIndex({ categories }: { categories: TForumCategory[] }) {
  if (categories.length === 0) return <p className="text-stone-300">No forums yet.</p>;
  return (
    <div className="space-y-6">
      {categories.map((c) => (
        <CollapsibleCategory key={c.id} id={`category-${c.id}`} name={c.name}>
          {/* Only staff ever receive hidden categories and forums. */}
          {c.hidden ? <p className="border-b border-stone-700 px-4 py-2 text-sm text-stone-300">Hidden: only staff see this category and its forums.</p> : null}
          <div
            aria-hidden="true"
            className="hidden grid-cols-[minmax(0,1fr)_5.5rem_5.5rem_15rem] gap-4 border-b border-stone-700 px-4 py-2 text-sm text-stone-400 md:grid"
          >
            <span>Forum</span>
            <span className="text-center">Threads</span>
            <span className="text-center">Replies</span>
            <span>Latest thread</span>
          </div>
          {c.forums.length === 0 ? (
            <p className="px-4 py-3 text-stone-300">No forums in this category yet.</p>
          ) : (
            <ul className="divide-y divide-stone-800">
              {c.forums.map((f) => (
                <ForumRow key={f.id} forum={f} />
              ))}
            </ul>
          )}
        </CollapsibleCategory>
      ))}
    </div>
  );
}

function ForumRow({ forum: f }: { forum: TForum }) {
  const replies = replyCount(f);
  return (
    <li className="grid gap-2 px-4 py-3 md:grid-cols-[minmax(0,1fr)_5.5rem_5.5rem_15rem] md:items-center md:gap-4" data-testid="forum-row" data-forum-id={f.id}>
      <div className="min-w-0">
        <h3 className="text-lg">
          <Link href={forumHref(f.id)} className="font-bold break-words">
            {f.name}
          </Link>
          {f.hidden ? <span className="ml-2 rounded bg-stone-700 px-1.5 align-middle text-xs font-bold text-stone-200">Hidden</span> : null}
          <ForumUnreadMarker forumId={f.id} />
        </h3>
        <p className="text-sm break-words text-stone-300">{f.description}</p>
      </div>
      <p className="flex gap-4 text-sm text-stone-300 md:contents">
        <span className="md:text-center" data-testid="thread-count" data-count={f.thread_count}>
          <span className="md:sr-only">Threads: </span>
          {f.thread_count.toLocaleString("en-US")}
        </span>
        <span className="md:text-center" data-testid="reply-count" data-count={replies}>
          <span className="md:sr-only">Replies: </span>
          {replies.toLocaleString("en-US")}
        </span>
      </p>
      <div className="min-w-0 text-sm">
        {f.latest_thread ? (
          <>
            <span className="sr-only">Latest thread: </span>
            {/* A full load: thread pages show posts' HTML under their own nonce policy (docs/performance.md). */}
            <a href={threadHref(f.latest_thread.id)} className="block truncate font-semibold" title={f.latest_thread.title}>
              {f.latest_thread.title}
            </a>
            <LocalDateTime value={f.latest_thread.date} forum className="text-stone-400" />
          </>
        ) : (
          <span className="text-stone-400">{NO_THREADS_INDEX}</span>
        )}
      </div>
    </li>
  );
}
