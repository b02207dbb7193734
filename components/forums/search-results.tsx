import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TSearchHit } from "@/lib/schemas/forums";
import { forumHref, latestPostHref, profileHref, threadHref } from "./forum-paths";
import { snippetPieces } from "./snippet";
import { ThreadUnreadMarker, UnreadProvider } from "./unread-client";

/** A snippet with its [[marks]] as <mark>: React text pieces, never HTML. */
export function Snippet({ text }: { text: string }) {
  return (
    <>
      {snippetPieces(text).map((p, i) =>
        p.mark ? (
          <mark key={i} className="rounded-sm bg-gold/25 px-0.5 text-gold-bright">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

/**
 * Forum search hits (beyond docs/product.md; docs/forums.md, Search), each linking to the matching post, with the
 * signed-in player's new/unread marker of its thread (asked once for the page's threads).
 */
export function SearchResults({ hits }: { hits: TSearchHit[] }) {
  return (
    <UnreadProvider threadIds={[...new Set(hits.map((h) => h.thread.id))]}>
      <ol className="space-y-3" aria-label="Search results">
        {hits.map((h) => (
          <li key={`${h.post_id}`} className="panel p-4" data-testid="search-hit">
            <h2 className="text-lg">
              {/* A full load: thread pages show posts' HTML under their own nonce policy (docs/performance.md). */}
              <a href={threadHref(h.thread.id, h.page, h.post_id)} className="font-bold break-words">
                {h.thread.title}
              </a>
            </h2>
            <ThreadUnreadMarker threadId={h.thread.id} title={h.thread.title} />
            <p className="text-sm text-stone-400">
              In <Link href={forumHref(h.forum.id)}>{h.forum.name}</Link> by <a href={profileHref(h.user)}>{h.user}</a> on{" "}
              <LocalDateTime value={h.date} forum />
              <span aria-hidden="true"> · </span>
              <a href={latestPostHref(h.thread.id)} data-testid="last-post-link">
                Last post<span className="sr-only"> in {h.thread.title}</span>
              </a>
            </p>
            <p className="mt-2 break-words text-stone-200">
              <Snippet text={h.snippet} />
            </p>
          </li>
        ))}
      </ol>
    </UnreadProvider>
  );
}
